/**
 * The nim-addition table as the seeds build it, by the mex rule alone (Sprague 1935, Grundy 1939):
 * [X, Y] = mex({[X', Y] : X' < X} U {[X, Y'] : Y' < Y}). Nothing here uses XOR; the tests show
 * the result equals X XOR Y (OEIS A003987).
 */
export function nimAdditionTable(size: number): number[][] {
  const t: number[][] = [];
  const seen = new Uint8Array(2 * size + 1);
  for (let x = 0; x < size; x++) {
    const row: number[] = [];
    for (let y = 0; y < size; y++) {
      seen.fill(0);
      for (let x2 = 0; x2 < x; x2++) seen[t[x2]![y]!] = 1;
      for (let y2 = 0; y2 < y; y2++) seen[row[y2]!] = 1;
      let v = 0;
      while (seen[v]) v++;
      row.push(v);
    }
    t.push(row);
  }
  return t;
}
