/** Typed arrays that grow by doubling: the index holds millions of numbers, not millions of objects. */

type TypedArray = Int32Array | Uint16Array | Uint8Array | Float64Array | Uint32Array;

/** A typed array at least `size` long, keeping `from`'s contents. */
export function grown<T extends TypedArray>(from: T, size: number, make: (n: number) => T): T {
  if (from.length >= size) return from;
  const next = make(Math.max(size, from.length * 2, 16));
  next.set(from as never);
  return next;
}

/** A list of int32 that grows at its end. */
export class IntList {
  /** The numbers, valid up to `length` (read directly in hot loops). */
  data = new Int32Array(4);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) this.data = grown(this.data, this.length + 1, (n) => new Int32Array(n));
    this.data[this.length++] = value;
  }

  insertAt(index: number, value: number): void {
    if (this.length === this.data.length) this.data = grown(this.data, this.length + 1, (n) => new Int32Array(n));
    this.data.copyWithin(index + 1, index, this.length);
    this.data[index] = value;
    this.length++;
  }

  removeAt(index: number): void {
    this.data.copyWithin(index, index + 1, this.length);
    this.length--;
  }

  indexOf(value: number): number {
    return this.data.subarray(0, this.length).indexOf(value);
  }
}
