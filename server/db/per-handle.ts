/**
 * Values made once per database handle and name, on first use, and dropped with the handle: prepared
 * statements (prepared.ts), the per-turn batches (batch-per-turn.ts). A transaction is a handle of its own.
 */
export class PerHandle {
  private readonly byHandle = new WeakMap<object, Map<string, unknown>>();

  get<T>(db: object, name: string, create: () => T): T {
    let byName = this.byHandle.get(db);
    if (!byName) this.byHandle.set(db, (byName = new Map()));
    let value = byName.get(name) as T | undefined;
    if (value === undefined) byName.set(name, (value = create()));
    return value;
  }
}
