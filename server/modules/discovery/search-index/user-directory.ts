import { grown, IntList, Visits } from './growable';
import { TrigramCodes, trigramsOf, type WordSimilarity } from './word-similarity';

/** A user as search reads them: the name it matches, whether they are hidden from others (access/visibility-sql.ts) and their premium. */
export type IndexedUser = { id: string; name: string; isHidden: boolean; isPremium: boolean; premiumExpiresAt: Date | null };
/** A user as the index holds them: a slot (their number here) and their projects' slots. */
export type UserEntry = IndexedUser & { slot: number; projects: IntList };
/** A user whose name resembles a query, and how much (pg_trgm's word_similarity). */
export type AlikeUser = { user: UserEntry; likeness: number };

/** Every user's name (search finds authors by it) and standing, with a trigram index of the names. */
export class UserDirectory {
  private readonly byId = new Map<string, UserEntry>();
  private readonly bySlot: UserEntry[] = [];
  /** Each trigram of users' names: the users (slots) whose names have it; stale entries are checked. */
  private readonly nameTrigrams = new Map<string, IntList>();
  private readonly visits = new Visits();
  private shared = new Uint16Array(0);
  /** Each name's trigrams as codes, one name after another: a name's likeness is measured per search. */
  private readonly codes = new TrigramCodes();
  private nameCodes = new Int32Array(0);
  private nameCodeCount = 0;
  private nameStart = new Int32Array(0);
  private nameLength = new Int32Array(0);

  get(id: string): UserEntry | undefined {
    return this.byId.get(id);
  }

  at(slot: number): UserEntry | undefined {
    return slot < 0 ? undefined : this.bySlot[slot];
  }

  /** Whether the user's projects and comments may show to others (a slot of -1: not heard of yet). */
  isVisible(slot: number): boolean {
    const user = this.at(slot);
    return user !== undefined && !user.isHidden;
  }

  /** Adds or updates a user; answers their entry and whether they are new. */
  set(user: IndexedUser): { entry: UserEntry; isNew: boolean } {
    const known = this.byId.get(user.id);
    const renamed = !known || known.name !== user.name;
    const entry: UserEntry = known ? Object.assign(known, user) : { ...user, slot: this.bySlot.length, projects: new IntList() };
    if (!known) {
      this.byId.set(user.id, entry);
      this.bySlot.push(entry);
      this.visits.fit(this.bySlot.length);
      this.shared = grown(this.shared, this.bySlot.length, (n) => new Uint16Array(n));
      this.nameStart = grown(this.nameStart, this.bySlot.length, (n) => new Int32Array(n));
      this.nameLength = grown(this.nameLength, this.bySlot.length, (n) => new Int32Array(n));
    }
    if (!renamed) return { entry, isNew: false };
    const trigrams = trigramsOf(user.name);
    this.setNameCodes(entry.slot, this.codes.encode(trigrams));
    for (const trigram of new Set(trigrams)) {
      let list = this.nameTrigrams.get(trigram);
      if (!list) this.nameTrigrams.set(trigram, (list = new IntList()));
      list.push(entry.slot);
    }
    return { entry, isNew: !known };
  }

  /** A user gone: their projects and comments went with them (the foreign keys cascade). */
  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    entry.isHidden = true;
    entry.name = '';
    this.nameLength[entry.slot] = 0;
    this.byId.delete(id);
  }

  /** A renamed user's codes go after the others; their old ones stay unused. */
  private setNameCodes(slot: number, codes: readonly number[]): void {
    this.nameCodes = grown(this.nameCodes, this.nameCodeCount + codes.length, (n) => new Int32Array(n));
    this.nameCodes.set(codes, this.nameCodeCount);
    this.nameStart[slot] = this.nameCodeCount;
    this.nameLength[slot] = codes.length;
    this.nameCodeCount += codes.length;
  }

  /**
   * Visible users whose names resemble the query at least `least` (pg_trgm's word_similarity, as
   * float4), best first, then by id, at most `max`: only names sharing enough of the query's trigrams
   * are compared.
   */
  alike(likeness: WordSimilarity, least: number, max: number): AlikeUser[] {
    const m = likeness.trigrams.size;
    if (max <= 0) return [];
    // The fewest shared trigrams whose share reaches `least` (as float4, as the likeness is computed).
    let needed = 1;
    while (needed <= m && Math.fround(needed / m) < least) needed++;
    // A name sharing that many of the query's trigrams has one of any m - needed + 1 of them: the
    // rarest lists find the names (a trigram no name has is the rarest of all), the commoner ones
    // (" re", which a great many names have) only count for the names found.
    const lists = [...likeness.trigrams].flatMap((t) => this.nameTrigrams.get(t) ?? []).sort((a, b) => a.length - b.length);
    const noName = m - lists.length;
    const finding = m - needed + 1 - noName;
    if (finding <= 0) return [];
    this.visits.start();
    const touched: number[] = [];
    for (let k = 0; k < lists.length; k++) {
      const { data, length } = lists[k]!;
      for (let i = 0; i < length; i++) {
        const slot = data[i]!;
        if (k < finding) {
          if (this.visits.first(slot)) {
            this.shared[slot] = 0;
            touched.push(slot);
          }
        } else if (!this.visits.has(slot)) continue;
        this.shared[slot]!++;
      }
    }
    // A stretch's likeness is at most the share of the query's trigrams the name has (as float4, as it
    // is computed): names are measured best bound first, until no name left could be among the `max`.
    const bounded: { slot: number; bound: number }[] = [];
    for (const slot of touched) {
      const bound = Math.fround(this.shared[slot]! / m);
      if (bound >= least) bounded.push({ slot, bound });
    }
    bounded.sort((a, b) => b.bound - a.bound);
    const kept: AlikeUser[] = [];
    for (const { slot, bound } of bounded) {
      // A name as alike as the last kept may still come first by id.
      if (kept.length === max && bound < kept[max - 1]!.likeness) break;
      const user = this.bySlot[slot]!;
      if (user.isHidden || !this.byId.has(user.id)) continue;
      const start = this.nameStart[slot]!;
      const value = likeness.ofCoded(this.nameCodes, start, start + this.nameLength[slot]!, this.codes);
      if (value < least) continue;
      insertKept(kept, { user, likeness: value }, max);
    }
    return kept;
  }
}

/** Best first, then by id. */
const byLikeness = (a: AlikeUser, b: AlikeUser) =>
  b.likeness - a.likeness || (a.user.id < b.user.id ? -1 : a.user.id > b.user.id ? 1 : 0);

/** Puts a name in its place among the best `max` (dropping the one it pushes out). */
function insertKept(kept: AlikeUser[], item: AlikeUser, max: number): void {
  let at = kept.length;
  while (at > 0 && byLikeness(item, kept[at - 1]!) < 0) at--;
  if (at >= max) return;
  kept.splice(at, 0, item);
  if (kept.length > max) kept.pop();
}
