/**
 * The text and JSON forms of the library's answers, for programs that print them as the
 * `grundy` commands and the web view do: evaluations of positions, board outcomes, sweep reports.
 */
export { componentJson, csvField, evaluationJson, evaluationText, jsonInt, moveJson } from '../play/format.js';
export { loopyJson, loopyText } from '../play/loopy-format.js';
export { outcomeOnlyJson, outcomeOnlyText } from '../play/board-outcome-format.js';
export { theoremOutcomeJson } from '../play/theorem-sum.js';
export { describeResult, reportCsv } from '../sweep/report.js';
export type { Periodicity } from '../period/detect.js';
export { MISERE_CSV_HEADER, misereJson, misereRecord, misereText } from '../play/misere-format.js';
