import { collectRare, RareList, SparseKernel, sparseShape } from '../src/kernels/sparse.js';
import { bestMask, maskKey, ValueHistogram, sameMask } from '../src/kernels/sparse-mask.js';
import { plainValues, type Values } from '../src/kernels/values.js';
import { parseRules } from '../src/rules/parse.js';

const spec = process.argv[2] ?? 'grundy';
const N = Number(process.argv[3] ?? 1e6);
const rules = parseRules(spec);
const kernel = new SparseKernel(sparseShape(rules)!);
let g: Values = plainValues(8, N);
let rare = new RareList();
const hist = new ValueHistogram();
let next = 0, max = 0;
const t0 = performance.now();
while (next < N) {
  const best = bestMask(hist, kernel.shape.parityAllowed).mask;
  if (!sameMask(best, kernel.currentMask)) {
    kernel.setMask(best);
    rare = new RareList();
    collectRare(g, 0, next, best, kernel.classes, rare);
  }
  const out = kernel.run(g, next, Math.min(N, next + Math.max(256, Math.min(next, 65536))), max, rare);
  hist.add(g, next, out.next);
  next = out.next;
  max = Math.max(max, out.maxValue);
  if (out.overflowValue !== undefined) { const w = plainValues(16, N); w.set(g.subarray(0, next)); g = w; }
}
const t = (performance.now() - t0) / 1000;
let sum = 0n;
let cs = 0;
for (let n = 0; n < N; n++) cs += g[n]! * ((n % 1000003) + 1);
console.log(`${spec} N=${N} time_s=${t.toFixed(3)} checksum=${cs} max=${max} mask=${maskKey(kernel.currentMask)} rare=${rare.count}`);
