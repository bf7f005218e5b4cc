/**
 * Working arrays reused from run to run, one buffer per name, grown to the largest run seen.
 * Why: V8 starts a full garbage collection each time typed arrays' off-heap memory grows 64 MB
 * past the last one, and a full collection marks the whole input tree (400–600 ms at 1,000,000
 * targets). Fresh arrays cost a run ~150 MB of such memory, two full collections (measured with
 * `node --trace-gc --trace-incremental-marking`, "external memory pressure"). Only arrays that
 * stay inside one run may come from here: an array the output keeps must be fresh. Runs are
 * synchronous, so no two use a buffer at once. The arrays are not cleared: callers write every
 * element before reading it.
 */
const buffers = new Map<string, ArrayBuffer>();

function buffer(name: string, bytes: number): ArrayBuffer {
  let b = buffers.get(name);
  if (b === undefined || b.byteLength < bytes) {
    b = new ArrayBuffer(bytes);
    buffers.set(name, b);
  }
  return b;
}

export function scratchFloat64(name: string, n: number): Float64Array {
  return new Float64Array(buffer(name, n * 8), 0, n);
}

export function scratchInt32(name: string, n: number): Int32Array {
  return new Int32Array(buffer(name, n * 4), 0, n);
}

export function scratchUint8(name: string, n: number): Uint8Array {
  return new Uint8Array(buffer(name, n), 0, n);
}
