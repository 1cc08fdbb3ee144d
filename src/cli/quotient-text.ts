import type { MisereSumAnswer, QuotientSummary } from '../api/quotient.js';
import { fmtDuration } from './output.js';

/** How many heaps of the heap map a summary prints before '...'. */
const MAP_SHOWN = 60;

/** The lines that describe a quotient (`grundy quotient`, and `grundy show` under its table). */
export function quotientLines(s: QuotientSummary, indent = '  '): string[] {
  const gens = s.generators.map((g) => `${g.name} = heap ${g.heap}`).join(', ');
  const map = s.heapMap.slice(0, MAP_SHOWN).join(' ') + (s.heapMap.length > MAP_SHOWN ? ' ...' : '');
  const changes = s.changes.map((c) => `${c.order} at heap ${c.heap}`).join(', ');
  return [
    `${indent}order         ${s.order}, P-portion {${s.pPortion.join(', ')}} (${s.pPortion.length})`,
    `${indent}presentation  ${s.presentation}`,
    ...(gens ? [`${indent}generators    ${gens}`] : []),
    `${indent}heap map      ${map}`,
    `${indent}period        ${periodText(s)}`,
    `${indent}order grew    ${changes}`,
    ...(s.stopped ? [`${indent}stopped       ${s.stopped}`] : []),
    `${indent}computed in   ${fmtDuration(s.elapsedMs)}`,
  ];
}

/** What the period of the heap map proves, in words. */
export function periodText(s: QuotientSummary): string {
  const p = s.period;
  if (!p) return `none seen in heaps 1..${s.heaps}: this is the quotient of heaps 1..${s.heaps} only`;
  const what = `heap map period ${p.period} from heap ${p.preperiod}`;
  if (p.proven)
    return `${what}, proven (heaps 1..${s.heaps} reach h(e+p)+k = ${s.proofHeap}): the quotient of every heap`;
  const need = s.proofHeap !== null ? `; a proof needs heaps 1..${s.proofHeap}` : '; no proof applies to this game';
  return `${what}, observed: the quotient of heaps 1..${s.heaps} only${need}`;
}

/** '3 + 5 + 7: N (class ab); move heap 7 -> 2 + 3'. */
export function sumLine(a: MisereSumAnswer): string {
  const sum = a.heaps.length > 0 ? a.heaps.join(' + ') : '0';
  const head = `${sum}: ${a.outcome} (class ${a.element})`;
  if (!a.move) return a.outcome === 'P' ? `${head}; every move loses` : `${head}; no move: the player to move wins`;
  const to = a.move.to.length > 0 ? a.move.to.join(' + ') : 'nothing';
  return `${head}; move heap ${a.move.heap} -> ${to}`;
}
