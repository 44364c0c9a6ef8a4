/** Typed arrays that grow by doubling: the index holds millions of numbers, not millions of objects. */

type TypedArray = Int32Array | Uint16Array | Uint8Array | Float64Array | Uint32Array;

/** Past this many numbers an array grows by a quarter, not double: at 1M projects the largest hold 20M. */
const LARGE = 1 << 20;

/** A typed array at least `size` long, keeping `from`'s contents. */
export function grown<T extends TypedArray>(from: T, size: number, make: (n: number) => T): T {
  if (from.length >= size) return from;
  const next = make(Math.max(size, from.length < LARGE ? from.length * 2 : Math.ceil(from.length * 1.25), 16));
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

  /** Gives back the room beyond its length. */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, Math.max(this.length, 1));
  }

  indexOf(value: number): number {
    return this.data.subarray(0, this.length).indexOf(value);
  }
}

/** A flag per slot that a pass sets and the next pass forgets without clearing them: a number per pass. */
export class Visits {
  private passes = new Uint32Array(0);
  private pass = 0;

  /** Makes room for `size` slots. */
  fit(size: number): void {
    this.passes = grown(this.passes, size, (n) => new Uint32Array(n));
  }

  trim(size: number): void {
    this.passes = trimmed(this.passes, size);
  }

  /** Starts a pass: no slot is visited yet. */
  start(): void {
    this.pass = (this.pass + 1) >>> 0;
    if (this.pass === 0) {
      this.passes.fill(0);
      this.pass = 1;
    }
  }

  /** Marks the slot visited in this pass; answers whether this is its first visit. */
  first(slot: number): boolean {
    if (this.passes[slot] === this.pass) return false;
    this.passes[slot] = this.pass;
    return true;
  }

  /** Whether the slot was visited in this pass. */
  has(slot: number): boolean {
    return this.passes[slot] === this.pass;
  }
}

/** A typed array holding only the first `size` numbers of `from` (the room beyond given back). */
export function trimmed<T extends TypedArray>(from: T, size: number): T {
  return from.length > size ? (from.slice(0, size) as T) : from;
}
