/**
 * A fixed-size set of small integers (model numbers in the listing index), one bit each. Its loops are
 * indexed: V8 runs `for…of` over a typed array several times slower (at 10,000,000 models, 4 ms a count
 * instead of 0.6).
 */
export class Bitset {
  readonly words: Uint32Array;

  /** `words`: the bits as they are (a view of a snapshot, decision 0064); otherwise none set. */
  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static wordsFor(size: number): number {
    return (size + 31) >>> 5;
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    const rest = size & 31;
    if (rest) set.words[set.words.length - 1] = (1 << rest) - 1;
    return set;
  }

  add(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }

  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  clone(): Bitset {
    const copy = new Bitset(this.size);
    copy.words.set(this.words);
    return copy;
  }

  and(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! &= b[i]!;
    return this;
  }

  or(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! |= b[i]!;
    return this;
  }

  andNot(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i]! &= ~b[i]!;
    return this;
  }

  /** Keeps the members that are in at least one of `sets`. */
  andAnyOf(sets: readonly Bitset[]): this {
    const a = this.words;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === 0) continue;
      let any = 0;
      for (const set of sets) any |= set.words[i]!;
      a[i]! &= any;
    }
    return this;
  }

  /** Keeps the members for which `test` holds. */
  keep(test: (i: number) => boolean): this {
    const words = this.words;
    for (let w = 0; w < words.length; w++) {
      let word = words[w]!;
      while (word !== 0) {
        const lowest = word & -word;
        if (!test((w << 5) + 31 - Math.clz32(lowest))) words[w]! &= ~lowest;
        word ^= lowest;
      }
    }
    return this;
  }

  count(): number {
    const words = this.words;
    let total = 0;
    for (let i = 0; i < words.length; i++) total += popcount(words[i]!);
    return total;
  }

  /** How many members this set shares with `other`, looking only at `words` when given (see `occupiedWords`). */
  countAnd(other: Bitset, words?: Int32Array): number {
    const a = this.words;
    const b = other.words;
    let total = 0;
    if (words)
      for (let k = 0; k < words.length; k++) {
        const i = words[k]!;
        total += popcount(a[i]! & b[i]!);
      }
    else for (let i = 0; i < a.length; i++) total += popcount(a[i]! & b[i]!);
    return total;
  }

  /** The indexes of the words that hold a member. */
  occupiedWords(): Int32Array {
    const words = this.words;
    let count = 0;
    for (let i = 0; i < words.length; i++) if (words[i] !== 0) count++;
    const out = new Int32Array(count);
    for (let i = 0, k = 0; i < words.length; i++) if (words[i] !== 0) out[k++] = i;
    return out;
  }

  /** Calls `visit` with each member in ascending order until it returns false. */
  forEach(visit: (i: number) => boolean | void): void {
    const words = this.words;
    for (let w = 0; w < words.length; w++) {
      let word = words[w]!;
      while (word !== 0) {
        const lowest = word & -word;
        if (visit((w << 5) + 31 - Math.clz32(lowest)) === false) return;
        word ^= lowest;
      }
    }
  }

  /** Up to `limit` members in ascending order after skipping the first `skip`. */
  slice(skip: number, limit: number): number[] {
    const words = this.words;
    const out: number[] = [];
    let w = 0;
    // Whole words are skipped by their counts, not bit by bit (deep pages).
    for (; w < words.length; w++) {
      const n = popcount(words[w]!);
      if (n > skip) break;
      skip -= n;
    }
    for (; w < words.length && out.length < limit; w++) {
      let word = words[w]!;
      while (word !== 0 && out.length < limit) {
        const lowest = word & -word;
        if (skip > 0) skip--;
        else out.push((w << 5) + 31 - Math.clz32(lowest));
        word ^= lowest;
      }
    }
    return out;
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
