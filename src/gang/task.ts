import type { ChunkOutcome } from '../engine/protocol.js';
import type { Width } from '../kernels/values.js';
import type { Rules } from '../rules/types.js';
import type { MemberSchedule } from './member.js';

/**
 * What a member of a gang over the shared table carries, whatever its kernel (sparse space, the
 * frozen prefix): every pool thread runs one for the same chunk [lo, hi), each with its own
 * `rows` scratch, all sharing `control` (controlBytes(members)) and the table in `buffer`.
 */
export interface TableMemberTask extends MemberSchedule {
  readonly rules: Rules;
  readonly buffer: SharedArrayBuffer;
  readonly width: Width;
  readonly control: SharedArrayBuffer;
  readonly rows: SharedArrayBuffer;
  readonly rowWords: number;
}

/** A member's own result: the gang's values and stop reason are in shared memory. */
export type MemberOutcome =
  | { readonly kind: 'member-done'; readonly kernel: string }
  | Extract<ChunkOutcome, { kind: 'error' }>;
