import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/index.js';
import { serveCatalogue, type ServedCatalogue } from '../helpers/web-view.js';

/** Downloads stream what grundy export writes; what cannot be written is refused before the first byte. */
let db: string;
let app: FastifyInstance;
let graphKey: string;
let served: ServedCatalogue;

beforeAll(async () => {
  served = await serveCatalogue('grundy-downloads-');
  ({ db, app, graphKey } = served);
});
afterAll(() => served.close());

const url = (game: string, rest = '') => `/api/export?game=${encodeURIComponent(game)}${rest}`;

describe('GET /api/export', () => {
  it('streams a heap table as CSV, b-file and JSON, named for the game', async () => {
    const store = openStore(db);
    const values = Array.from(store.values('octal:0.137', 0, 3000));
    store.close();
    const csv = await app.inject(url('octal:0.137'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="octal_0.137.csv"');
    expect(csv.body.split('\n').slice(0, 4)).toEqual(['n,value', `0,${values[0]}`, `1,${values[1]}`, `2,${values[2]}`]);
    expect(csv.body.split('\n')).toHaveLength(3002);
    const bfile = await app.inject(url('octal:0.137', '&format=bfile'));
    expect(bfile.body.split('\n')[2999]).toBe(`2999 ${values[2999]}`);
    const json = await app.inject(url('octal:0.137', '&format=json'));
    expect(JSON.parse(json.body)).toEqual({ game: 'octal:0.137', count: 3000, values });
  });

  it('goes past the table from a proven period, and refuses it without one', async () => {
    const far = await app.inject(url('kayles', '&to=100000'));
    expect(far.statusCode).toBe(200);
    expect(far.body.split('\n')).toHaveLength(100_002);
    const store = openStore(db);
    const last = store.query('kayles', 99_999).value;
    store.close();
    expect(far.body.split('\n')[100_000]).toBe(`99999,${last}`);
    // The sweep kept no tables; a graph and a board have no `to`.
    expect((await app.inject(url('sub:1,3', '&to=10'))).statusCode).toBe(404);
    expect((await app.inject(url('wythoff', '&to=10'))).statusCode).toBe(400);
  });

  it('streams a graph with inf{K} values and outcomes, and a board cell by cell', async () => {
    const graph = await app.inject(url(graphKey));
    expect(graph.body.split('\n').slice(0, 5)).toEqual([
      'vertex,value,outcome',
      'a,0,P',
      'b,1,N',
      'c,0,P',
      'd,inf{},D',
    ]);
    const board = await app.inject(url('wythoff'));
    expect(board.body.split('\n').slice(0, 3)).toEqual(['x,y,value', '0,0,0', '0,1,1']);
    expect(board.body.split('\n')).toHaveLength(20 * 20 + 2);
    const rows = JSON.parse((await app.inject(url('wythoff', '&format=json'))).body) as { values: number[][] };
    expect([rows.values.length, rows.values[1]![2], rows.values[3]![5]]).toEqual([20, 0, 0]);
    expect((await app.inject(url(graphKey, '&format=bfile'))).statusCode).toBe(400);
  });
});
