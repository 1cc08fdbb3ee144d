import { defineFlagFuzz } from './flag-fuzz.js';

// 1,250 of the 10^4 fuzzed command lines (see flag-fuzz.ts).
defineFlagFuzz(61120 + 3, 1250);
