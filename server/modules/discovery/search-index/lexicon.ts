import { compareLexemes } from './text-rank';

/** The lexemes of every indexed document, each a number, and their PostgreSQL order for prefixes. */
export class Lexicon {
  private readonly numbers = new Map<string, number>();
  readonly words: string[] = [];
  private sorted: number[] = [];
  private sortedUpTo = 0;

  numberOf(lexeme: string): number {
    let n = this.numbers.get(lexeme);
    if (n === undefined) {
      n = this.words.length;
      this.numbers.set(lexeme, n);
      this.words.push(lexeme);
    }
    return n;
  }

  get size(): number {
    return this.words.length;
  }

  /** The lexeme's number, or undefined when no document has it. */
  known(lexeme: string): number | undefined {
    return this.numbers.get(lexeme);
  }

  /** Marks `mark[n] = 1` for every lexeme that starts with the prefix, and adds the newly marked to `marked`. */
  markPrefix(prefix: string, mark: Uint8Array, marked: number[]): void {
    this.eachWithPrefix(prefix, (n) => {
      if (mark[n] === 1) return;
      mark[n] = 1;
      marked.push(n);
    });
  }

  /** Calls `visit` with the number of every lexeme that starts with the prefix. */
  eachWithPrefix(prefix: string, visit: (n: number) => void): void {
    const sorted = this.inOrder();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareLexemes(this.words[sorted[middle]!]!, prefix) < 0) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < sorted.length && this.words[sorted[i]!]!.startsWith(prefix); i++) visit(sorted[i]!);
  }

  /** The lexemes in PostgreSQL's order; new ones are merged in when asked. */
  private inOrder(): number[] {
    if (this.sortedUpTo < this.words.length) {
      const added = Array.from({ length: this.words.length - this.sortedUpTo }, (_, i) => this.sortedUpTo + i);
      const byText = (a: number, b: number) => compareLexemes(this.words[a]!, this.words[b]!);
      this.sorted = added.length > this.sorted.length / 8 ? [...this.sorted, ...added].sort(byText) : mergeSorted(this.sorted, added.sort(byText), byText);
      this.sortedUpTo = this.words.length;
    }
    return this.sorted;
  }
}

function mergeSorted(a: number[], b: number[], compare: (x: number, y: number) => number): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && compare(a[i]!, b[j]!) <= 0) ? a[i++]! : b[j++]!);
  return out;
}
