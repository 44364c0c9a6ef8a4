import { PerHandle } from './per-handle';

/**
 * Work asked for during one turn of the event loop, done together: under load many requests arrive in
 * one turn, and each query's socket write and reply cost more than its rows (a session read, a comment's
 * insert). Alone, an item waits only for the end of the current turn. Nothing is cached: every item
 * reaches the database after it was asked for.
 */
export class BatchPerTurn<I, O> {
  private waiting: { item: I; resolve: (value: O) => void; reject: (err: unknown) => void }[] = [];

  /** runMany answers one output per item, in the items' order. */
  constructor(
    private readonly runMany: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 100,
  ) {}

  run(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      // setImmediate, not a microtask: the requests parsed in this turn's poll phase join the batch.
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ item, resolve, reject });
    });
  }

  private flush(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (let i = 0; i < waiting.length; i += this.maxBatch) {
      const batch = waiting.slice(i, i + this.maxBatch);
      this.runMany(batch.map((w) => w.item)).then(
        (outputs) => batch.forEach((w, j) => w.resolve(outputs[j]!)),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      );
    }
  }
}

/**
 * Reads by key through BatchPerTurn: the keys of one turn, each once, in one query. readMany answers the
 * rows it found by key; a key it leaves out reads as undefined. Readers of the same key in one turn get
 * the same value: they read it, and copy it before changing it.
 */
export class BatchedRead<K, V> {
  private readonly batch: BatchPerTurn<K, V | undefined>;

  constructor(readMany: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 100) {
    this.batch = new BatchPerTurn(async (keys) => {
      const found = await readMany([...new Set(keys)]);
      return keys.map((key) => found.get(key));
    }, maxBatch);
  }

  read(key: K): Promise<V | undefined> {
    return this.batch.run(key);
  }
}

type Outcome<O> = { value: O } | { error: unknown };

/**
 * A BatchPerTurn over one statement for many items, which fails as a whole (one transaction): a failed
 * batch runs again item by item, so only the item at fault fails (a row deleted meanwhile hitting its
 * foreign key, a deadlock with another multi-row update).
 */
export class IsolatedBatch<I, O> {
  private readonly batch: BatchPerTurn<I, Outcome<O>>;

  constructor(runMany: (items: I[]) => Promise<O[]>, maxBatch = 100) {
    this.batch = new BatchPerTurn<I, Outcome<O>>(async (items) => {
      try {
        return (await runMany(items)).map((value) => ({ value }));
      } catch (error) {
        if (items.length === 1) return [{ error }];
        return Promise.all(items.map((item) => runMany([item]).then(([value]) => ({ value: value! }), (err: unknown) => ({ error: err }))));
      }
    }, maxBatch);
  }

  async run(item: I): Promise<O> {
    const outcome = await this.batch.run(item);
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }
}

const batches = new PerHandle();

/** The IsolatedBatch of this name for a database handle, made on first use (statements are prepared per handle too). */
export function isolatedBatchOf<I, O>(db: object, name: string, runMany: (items: I[]) => Promise<O[]>): IsolatedBatch<I, O> {
  return batches.get(db, name, () => new IsolatedBatch(runMany));
}

/** The BatchedRead of this name for a database handle, made on first use (like its prepared statement). */
export function batchedReadOf<K, V>(db: object, name: string, readMany: (keys: K[]) => Promise<Map<K, V>>): BatchedRead<K, V> {
  return batches.get(db, name, () => new BatchedRead(readMany));
}
