// The part of the WebAssembly JavaScript API the kernels use. Node has all of it at run time;
// TypeScript declares it only in the DOM libraries, which would bring browser globals along.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  interface MemoryDescriptor {
    initial: number;
    maximum?: number;
    shared?: boolean;
  }
  class Memory {
    constructor(descriptor: MemoryDescriptor);
    /** A shared memory's buffer; a plain memory's is an ArrayBuffer (detached by grow). */
    readonly buffer: SharedArrayBuffer;
    grow(pages: number): number;
  }
  function validate(bytes: Uint8Array): boolean;
}
