import binaryen from 'binaryen';
import { describe, expect, it } from 'vitest';
import { subtractBlockedBinary } from '../../src/kernels/wasm/subtract-blocked.js';

/**
 * The subtraction gang's kernel is emitted opcode by opcode (kernels/wasm/encoder.ts), not
 * compiled from a source language (DESIGN.md "WebAssembly kernels" says why). So that a
 * reviewer can read what it emits, its disassembly is kept beside this test: a change to the
 * encoder or the kernel that changes the bytes shows up as a diff of readable text there.
 */
function disassemble(bytes: Uint8Array): string {
  const module = binaryen.readBinary(bytes);
  try {
    module.setFeatures(binaryen.Features.All);
    expect(module.validate(), 'binaryen validates the module').toBeTruthy();
    return module.emitText();
  } finally {
    module.dispose();
  }
}

describe('the subtraction gang kernel (hand-encoded WebAssembly)', () => {
  it('disassembles to the reviewed text, with and without the gather touches', async () => {
    await expect(disassemble(subtractBlockedBinary(true))).toMatchFileSnapshot('./__snapshots__/subtract-blocked.wat');
    const noTouch = disassemble(subtractBlockedBinary(false));
    await expect(noTouch).toMatchFileSnapshot('./__snapshots__/subtract-blocked-no-touch.wat');
  });
});
