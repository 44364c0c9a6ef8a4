/**
 * Rows read by key on every request, where a row seldom changes between two reads (a session, its
 * user): each read asks the database for the rows' versions only, and reads in full only the rows
 * whose version changed since this process last read them. Nothing changed in the database is
 * missed, since the versions come from it every time; an unchanged row costs a few bytes instead of
 * all its columns parsed and mapped. A version is anything the database changes with every write of
 * the row: PostgreSQL's `xmin` (the transaction that wrote this version of the row).
 *
 * The rows handed out are the ones kept for later reads: callers copy them before changing them.
 */
/** Rows kept by default: the members active on an instance now (a session with its user is about 1 kB). */
const KEPT_ROWS = 2_000;

export class VersionedReads<K, R> {
  private readonly known = new Map<K, { version: string; row: R }>();

  constructor(
    private readonly opts: {
      /** The current versions of the keys' rows; a key without a row is left out. */
      versions: (keys: K[]) => Promise<Map<K, string>>;
      /** The keys' rows in full, each with its version as read with it. */
      rows: (keys: K[]) => Promise<Map<K, { version: string; row: R }>>;
      /** At most this many rows are kept (KEPT_ROWS unless told); the least recently read go first. */
      max?: number;
    },
  ) {}

  async read(keys: K[]): Promise<Map<K, R>> {
    const versions = await this.opts.versions(keys);
    const found = new Map<K, R>();
    const changed: K[] = [];
    for (const key of keys) {
      const version = versions.get(key);
      const known = this.known.get(key);
      if (version === undefined) {
        this.known.delete(key);
      } else if (known?.version === version) {
        // Last in the map's order: the least recently read are the first to go.
        this.known.delete(key);
        this.known.set(key, known);
        found.set(key, known.row);
      } else {
        changed.push(key);
      }
    }
    if (changed.length === 0) return found;
    for (const [key, read] of await this.opts.rows(changed)) {
      this.known.delete(key);
      if (this.known.size >= (this.opts.max ?? KEPT_ROWS)) this.known.delete(this.known.keys().next().value!);
      this.known.set(key, read);
      found.set(key, read.row);
    }
    return found;
  }
}
