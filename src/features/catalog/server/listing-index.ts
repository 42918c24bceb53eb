/**
 * The listing index (decision 0014): every model's words and filterable figures in typed arrays, so
 * that a search, its filters, its exact total, a deep page and every facet count take milliseconds at
 * 2,000,000 models. PostgreSQL stays the source of truth; this is a derived, rebuildable copy
 * (`listing-search.ts` keeps it fresh), and it returns model ids only: cards are read from the database.
 *
 * Models are numbered by trending order (score descending, then id), so a set of numbers read in
 * ascending order is already the trending order. Words map to posting lists of model numbers; each
 * model keeps its word sequence for phrases. Query nodes and filters evaluate to bitsets.
 */
// A turn of the event loop (requests, timers) between the build's steps.
import { setImmediate as nextTurn } from 'node:timers/promises';

import type { BooleanQuery, QueryNode, WildcardPart } from '../query-language';
import { dampedRating } from '../rating-rank';
import { foldCase, searchWords } from '../search-words';

import { Bitset } from './bitset';

export interface IndexedModel {
  id: number;
  title: string;
  tags: readonly string[];
  productType: 'models' | 'print';
  priceCents: number;
  saleDiscountCents: number;
  formats: readonly string[];
  features: readonly string[];
  licence: string;
  badges: readonly string[];
  polyCount: number | null;
  categoryId: number;
  rootCategoryId: number;
  designerId: number;
  trendingScore: number;
  publishedAt: number;
  sales: number;
  /** Community rating (decision 0047): average stars 0–5 and how many rated. */
  ratingAverage: number;
  ratingCount: number;
  /** The storage key of the model's first picture (image search). */
  pictureKey: string | null;
}

export type IndexSort =
  'best_match' | 'trending' | 'newest' | 'top_selling' | 'top_rated' | 'price_asc' | 'price_desc';
/** The orders stored beside the model numbers (trending is the numbers' own order). */
export type StoredSort = Exclude<IndexSort, 'best_match' | 'trending'>;

/**
 * The "N stars & up" thresholds a listing can be filtered by: a model's average, rounded to the tenth
 * its card shows, is at least this. Models nobody rated are in none.
 */
export const ratingThresholds = [4, 3, 2, 1] as const;
const ratingTenths = (average: number) => Math.round(average * 10);

export interface IndexQuery {
  keywords?: BooleanQuery | null;
  productType?: 'models' | 'print';
  excludePrint?: boolean;
  categoryId?: number;
  rootCategoryId?: number;
  /** null: an author was asked for who does not exist (nothing matches). */
  designerId?: number | null;
  saleOnly?: boolean;
  freeOnly?: boolean;
  /** Any of these formats. */
  formats?: readonly string[];
  /** All of these features. */
  features?: readonly string[];
  /** Any of these licences. */
  licences?: readonly string[];
  /** Any of these badges. */
  badges?: readonly string[];
  /** Poly counts in any of these [from, to) ranges (`to` null: open-ended). */
  polyRanges?: readonly (readonly [number, number | null])[];
  priceMinCents?: number | null;
  priceMaxCents?: number | null;
  /** One of `ratingThresholds`: models rated at least this on average. */
  minRating?: number | null;
  /** Image search: models whose first picture is one of these, most alike first. */
  pictures?: readonly string[];
  /** Only these models (by id): a part of the catalogue, such as the models published since a date. */
  ids?: ReadonlySet<number>;
}

export interface FacetSpec {
  formats: readonly string[];
  features: readonly string[];
  badges: readonly string[];
  licences: readonly string[];
  polyRanges: readonly (readonly [number, number | null])[];
  /** `ratingThresholds` to count ("4 stars & up": N). */
  minRatings?: readonly number[];
}

export interface IndexFacets {
  free: number;
  sale: number;
  formats: number[];
  features: number[];
  badges: number[];
  licences: number[];
  polyRanges: number[];
  minRatings: number[];
}

/** Two 32-bit FNV-1a hashes of a picture's key: 2,000,000 keys are not kept as strings. */
function pictureHash(key: string, seed: number): number {
  let hash = seed;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return hash | 0;
}
const hashSeeds = [0x811c9dc5, 0x01000193] as const;

type NumberArray = Int32Array | Float64Array | Uint16Array | Uint32Array;

/** A typed array that grows as it is written (by half again each time), trimmed when done. */
class GrowingList<A extends NumberArray> {
  length = 0;
  constructor(
    public data: A,
    private readonly make: (length: number) => A,
  ) {}
  push(value: number) {
    if (this.length === this.data.length) this.resize(Math.ceil(this.data.length * 1.5) + 1024);
    this.data[this.length++] = value;
  }
  resize(capacity: number) {
    const next = this.make(capacity);
    next.set(this.data.subarray(0, Math.min(this.length, capacity)) as never);
    this.data = next;
  }
  trimmed(): A {
    if (this.data.length !== this.length) this.resize(this.length);
    return this.data;
  }
  release() {
    this.data = this.make(0);
    this.length = 0;
  }
}

/** Bits by load index, growing as models are added. */
class GrowingBits {
  private readonly words = new GrowingList(new Uint32Array(0), (n) => new Uint32Array(n));
  add(i: number) {
    const word = i >>> 5;
    while (this.words.length <= word) this.words.push(0);
    this.words.data[word]! |= 1 << (i & 31);
  }
  /** The same members, renumbered by `numberOf`. */
  renumbered(size: number, numberOf: Int32Array): Bitset {
    const set = new Bitset(size);
    const words = this.words.data;
    for (let w = 0; w < this.words.length; w++) {
      let word = words[w]!;
      while (word !== 0) {
        const lowest = word & -word;
        set.add(numberOf[(w << 5) + 31 - Math.clz32(lowest)]!);
        word ^= lowest;
      }
    }
    return set;
  }
}
const int32List = (capacity = 0) => new GrowingList(new Int32Array(capacity), (n) => new Int32Array(n));
const float64List = (capacity = 0) => new GrowingList(new Float64Array(capacity), (n) => new Float64Array(n));

/**
 * Word sequences: each word as its term id + 1, 0 marking the gap between the title and a tag or
 * between tags (a phrase does not span it). Two bytes a word while there are fewer than 65,535 terms.
 */
export type TokenArray = Uint16Array | Uint32Array;
const gap = 0;

/**
 * Word sequences in chunks of 2^20 words, as they are read: no copy as they grow, and none to join
 * them (at 10,000,000 models a joined array and its chunks were ~800 MB at once). A model's words
 * never span two chunks (one that does not fit starts the next chunk, the rest of the chunk stays
 * gaps), so a model's place in `tokenStart` names its chunk and its first word at once.
 */
const tokenChunkBits = 20;
export const tokenChunkWords = 1 << tokenChunkBits;
const chunkOf = (place: number) => place >>> tokenChunkBits;
const inChunk = (place: number) => place & (tokenChunkWords - 1);

class TokenList {
  private readonly chunks: TokenArray[] = [];
  private current: TokenArray = new Uint16Array(tokenChunkWords);
  private used = 0;
  private wide = false;

  /** Where the next model's words go. */
  get length(): number {
    return this.chunks.length * tokenChunkWords + this.used;
  }

  /** Adds one model's words; returns where they start. */
  addModel(words: readonly number[]): number {
    if (words.length > tokenChunkWords) throw new RangeError(`a model of ${words.length} words`);
    if (this.used === tokenChunkWords || this.used + words.length > tokenChunkWords) {
      this.chunks.push(this.current);
      this.current = this.wide ? new Uint32Array(tokenChunkWords) : new Uint16Array(tokenChunkWords);
      this.used = 0;
    }
    const start = this.length;
    this.current.set(words, this.used);
    this.used += words.length;
    return start;
  }

  /** From now on, room for term ids of 65,535 and more. */
  widen() {
    if (this.wide) return;
    this.wide = true;
    for (let i = 0; i < this.chunks.length; i++) this.chunks[i] = Uint32Array.from(this.chunks[i]!);
    this.current = Uint32Array.from(this.current);
  }

  /** Every chunk, the last cut to its words. */
  finished(): TokenArray[] {
    return [...this.chunks, this.current.subarray(0, this.used)];
  }
}

/** The mean of every rating in the catalogue (the figures weighted by their counts). */
function ratingMeanOf(averages: Float64Array, counts: Int32Array, size: number): number {
  let sum = 0;
  let total = 0;
  for (let i = 0; i < size; i++) {
    sum += averages[i]! * counts[i]!;
    total += counts[i]!;
  }
  return total === 0 ? 0 : sum / total;
}

/**
 * A model's rank in the top-rated order: its damped average (decision 0047) against the catalogue's
 * mean; models nobody rated come last (-1).
 */
export const ratingRank = (average: number, count: number, mean: number): number =>
  count > 0 ? dampedRating(average, count, mean) : -1;

/**
 * The figures the stored orders sort by: by load index while building, by model number after, by
 * position among models gathered from several indexes (`listing-layers.ts`).
 */
export type SortFigures = Pick<
  IndexColumns,
  'id' | 'published' | 'sales' | 'ratingAverage' | 'ratingCount' | 'finalPrice'
>;

/**
 * How a stored order compares two models; ties fall to the id. The build, small results and the merge
 * of several indexes' models sort by it.
 */
export function comparatorOf(
  sort: StoredSort,
  { id, published, sales, ratingAverage, ratingCount, finalPrice }: SortFigures,
  ratingMean: number,
): (a: number, b: number) => number {
  switch (sort) {
    case 'newest':
      return (a, b) => published[b]! - published[a]! || id[b]! - id[a]!;
    case 'top_selling':
      return (a, b) => sales[b]! - sales[a]! || id[a]! - id[b]!;
    case 'top_rated': {
      const rank = (m: number) => ratingRank(ratingAverage[m]!, ratingCount[m]!, ratingMean);
      return (a, b) => rank(b) - rank(a) || ratingCount[b]! - ratingCount[a]! || id[a]! - id[b]!;
    }
    case 'price_asc':
      return (a, b) => finalPrice[a]! - finalPrice[b]! || id[a]! - id[b]!;
    case 'price_desc':
      return (a, b) => finalPrice[b]! - finalPrice[a]! || id[a]! - id[b]!;
  }
}

/** Collects models (in any order) and builds the index. */
export class ListingIndexBuilder {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly tokens = new TokenList();
  private readonly tokenStart: GrowingList<Int32Array>;
  private readonly values = new Map<string, GrowingBits>();
  private readonly columns;
  private readonly trending: GrowingList<Float64Array>;
  private readonly published: GrowingList<Float64Array>;
  /** Community rating figures (0 for models nobody rated): the rating order is built from them. */
  private readonly ratingAverage: GrowingList<Float64Array>;
  private readonly ratingCount: GrowingList<Int32Array>;

  /** `expectedModels`: room is made for this many at once (no copies as the lists grow). */
  constructor(expectedModels = 0) {
    const n = expectedModels;
    this.tokenStart = int32List(n + 1);
    this.columns = {
      id: int32List(n),
      category: int32List(n),
      rootCategory: int32List(n),
      designer: int32List(n),
      finalPrice: int32List(n),
      polyCount: int32List(n),
      sales: int32List(n),
      pictureA: int32List(n),
      pictureB: int32List(n),
    };
    this.trending = float64List(n);
    this.published = float64List(n);
    this.ratingAverage = float64List(n);
    this.ratingCount = int32List(n);
  }

  private token(word: string): number {
    let id = this.termIds.get(word);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(word);
      this.termIds.set(word, id);
      if (id + 1 === 0xffff) this.tokens.widen();
    }
    return id + 1;
  }

  private value(attribute: string, value: string, loadIndex: number) {
    const key = `${attribute}:${value}`;
    let bits = this.values.get(key);
    if (!bits) this.values.set(key, (bits = new GrowingBits()));
    bits.add(loadIndex);
  }

  add(model: IndexedModel): void {
    const loadIndex = this.columns.id.length;
    // One fold per model: title and tags, a line each.
    const lines = foldCase([model.title, ...model.tags].join('\n')).split('\n');
    const words: number[] = [];
    for (let line = 0; line < lines.length; line++) {
      if (line > 0) words.push(gap);
      for (const word of lines[line]!.split(wordSeparator)) if (word) words.push(this.token(word));
    }
    this.tokenStart.push(this.tokens.addModel(words));
    const c = this.columns;
    c.id.push(model.id);
    c.category.push(model.categoryId);
    c.rootCategory.push(model.rootCategoryId);
    c.designer.push(model.designerId);
    c.finalPrice.push(model.priceCents - model.saleDiscountCents);
    c.polyCount.push(model.polyCount ?? -1);
    c.sales.push(model.sales);
    c.pictureA.push(model.pictureKey === null ? 0 : pictureHash(model.pictureKey, hashSeeds[0]));
    c.pictureB.push(model.pictureKey === null ? 0 : pictureHash(model.pictureKey, hashSeeds[1]));
    this.trending.push(model.trendingScore);
    this.published.push(model.publishedAt);
    const tenths = model.ratingCount > 0 ? ratingTenths(model.ratingAverage) : -1;
    this.ratingAverage.push(model.ratingCount > 0 ? model.ratingAverage : 0);
    this.ratingCount.push(Math.max(0, model.ratingCount));
    for (const threshold of ratingThresholds)
      if (tenths >= threshold * 10) this.value('rating', String(threshold), loadIndex);
    if (model.productType === 'print') this.value('type', 'print', loadIndex);
    if (model.priceCents === 0) this.value('price', 'free', loadIndex);
    if (model.saleDiscountCents > 0) this.value('price', 'sale', loadIndex);
    for (const format of model.formats) this.value('format', format, loadIndex);
    for (const feature of model.features) this.value('feature', feature, loadIndex);
    for (const badge of model.badges) this.value('badge', badge, loadIndex);
    this.value('licence', model.licence, loadIndex);
  }

  /** Adds the models, letting the event loop run after every 1,000 (~5 ms of work). */
  async addAll(models: readonly IndexedModel[]): Promise<void> {
    for (let i = 0; i < models.length; i++) {
      this.add(models[i]!);
      if (i % 1000 === 999) await nextTurn();
    }
  }

  get size(): number {
    return this.columns.id.length;
  }

  /**
   * The index. Asynchronous so that a server keeps answering while it builds: the event loop gets a
   * turn between the steps (each a sort or a pass over the models: up to ~60 ms at 100,000 models on a
   * 2-core host, against ~400 ms for the whole build in one piece).
   */
  async build(): Promise<ListingIndex> {
    const size = this.size;
    const ids = this.columns.id.data;
    // Trending order: score descending, then id. `order[n]` is model number n's load index.
    const trending = this.trending.data;
    const order = new Int32Array(size);
    for (let i = 0; i < size; i++) order[i] = i;
    order.sort((a, b) => trending[b]! - trending[a]! || ids[a]! - ids[b]!);
    const numberOf = new Int32Array(size);
    for (let n = 0; n < size; n++) numberOf[order[n]!] = n;
    await nextTurn();

    // Other orders, as the model numbers in that order (sorted by load index, then renumbered in place).
    const c = this.columns;
    const ratingMean = ratingMeanOf(this.ratingAverage.data, this.ratingCount.data, size);
    const figures: SortFigures = {
      id: ids,
      published: this.published.data,
      sales: c.sales.data,
      ratingAverage: this.ratingAverage.data,
      ratingCount: this.ratingCount.data,
      finalPrice: c.finalPrice.data,
    };
    const sortOrders = {} as Record<StoredSort, Int32Array>;
    for (const sort of storedSorts) {
      const numbers = order.slice().sort(comparatorOf(sort, figures, ratingMean));
      for (let p = 0; p < size; p++) numbers[p] = numberOf[numbers[p]!]!;
      sortOrders[sort] = numbers;
      await nextTurn();
    }

    // Columns by model number; each load-order list is let go once copied (2,000,000 models: the
    // peak stays hundreds of megabytes lower).
    const byNumber = <A extends Int32Array | Float64Array>(list: GrowingList<A>): A => {
      const out = list.data.slice(0, size) as A;
      for (let n = 0; n < size; n++) out[n] = list.data[order[n]!]!;
      list.release();
      return out;
    };
    const columns: IndexColumns = {
      trending: byNumber(this.trending),
      published: byNumber(this.published),
      sales: byNumber(c.sales),
      ratingAverage: byNumber(this.ratingAverage),
      ratingCount: byNumber(this.ratingCount),
      id: byNumber(c.id),
      category: byNumber(c.category),
      rootCategory: byNumber(c.rootCategory),
      designer: byNumber(c.designer),
      finalPrice: byNumber(c.finalPrice),
      polyCount: byNumber(c.polyCount),
    };
    await nextTurn();
    const pictures = pictureOrder(byNumber(c.pictureA), byNumber(c.pictureB));
    await nextTurn();

    this.tokenStart.push(this.tokens.length);
    const tokens = this.tokens.finished();
    const tokenStart = this.tokenStart.trimmed();
    const postings = buildPostings(this.terms.length, size, tokens, tokenStart, order);
    await nextTurn();

    const values = new Map<string, Bitset>();
    for (const [key, bits] of this.values) values.set(key, bits.renumbered(size, numberOf));
    this.values.clear();
    await nextTurn();

    const sortedTerms = this.terms
      .map((_, id) => id)
      .sort((a, b) => compareText(this.terms[a]!, this.terms[b]!));
    return new ListingIndex({
      size,
      columns,
      terms: this.terms,
      termIds: this.termIds,
      sortedTerms: Int32Array.from(sortedTerms),
      order,
      tokenStart,
      tokens,
      pictures,
      postings,
      values,
      sortOrders,
      polyRangeSets: new Map(),
      ratingMean,
    });
  }
}

const wordSeparator = /[^\p{L}\p{N}]+/u;

/**
 * Each term's models, ascending: a bitset when the term is common (more than one model in 32 — the
 * bitset is then the smaller), a sorted list of model numbers otherwise.
 */
function buildPostings(
  termCount: number,
  size: number,
  tokens: readonly TokenArray[],
  tokenStart: Int32Array,
  order: Int32Array,
): Array<Bitset | Int32Array> {
  const seenIn = new Int32Array(termCount + 1).fill(-1);
  const frequency = new Int32Array(termCount + 1);
  const eachTerm = (n: number, visit: (term: number) => void) => {
    const li = order[n]!;
    const start = tokenStart[li]!;
    const chunk = tokens[chunkOf(start)]!;
    const end = inChunk(start) + tokenStart[li + 1]! - start;
    for (let i = inChunk(start); i < end; i++) {
      const token = chunk[i]!;
      if (token !== gap && seenIn[token] !== n) {
        seenIn[token] = n;
        visit(token);
      }
    }
  };
  for (let n = 0; n < size; n++) eachTerm(n, (token) => frequency[token]!++);
  const postings: Array<Bitset | Int32Array> = [];
  const filled = new Int32Array(termCount + 1);
  for (let token = 1; token <= termCount; token++)
    postings.push(frequency[token]! > size / 32 ? new Bitset(size) : new Int32Array(frequency[token]!));
  seenIn.fill(-1);
  for (let n = 0; n < size; n++)
    eachTerm(n, (token) => {
      const list = postings[token - 1]!;
      if (list instanceof Bitset) list.add(n);
      else list[filled[token]!++] = n;
    });
  return postings;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface IndexColumns {
  id: Int32Array;
  /** The figures the orders sort by: a newer index's models are placed among these (`listing-layers.ts`). */
  trending: Float64Array;
  published: Float64Array;
  sales: Int32Array;
  ratingAverage: Float64Array;
  ratingCount: Int32Array;
  category: Int32Array;
  rootCategory: Int32Array;
  designer: Int32Array;
  finalPrice: Int32Array;
  polyCount: Int32Array;
}

/**
 * Models with a picture, by the picture's two hashes and then by number: the models of one picture
 * are a range, in trending order.
 */
export interface PictureOrder {
  numbers: Int32Array;
  first: Int32Array;
  second: Int32Array;
}

function pictureOrder(first: Int32Array, second: Int32Array): PictureOrder {
  // Counted first, then filled: a growing list of 10,000,000 numbers would be ~100 MB more for a while.
  const hasPicture = (n: number) => first[n] !== 0 || second[n] !== 0;
  let count = 0;
  for (let n = 0; n < first.length; n++) if (hasPicture(n)) count++;
  const numbers = new Int32Array(count);
  for (let n = 0, at = 0; n < first.length; n++) if (hasPicture(n)) numbers[at++] = n;
  numbers.sort((a, b) => first[a]! - first[b]! || second[a]! - second[b]! || a - b);
  return { numbers, first: numbers.map((n) => first[n]!), second: numbers.map((n) => second[n]!) };
}

/** The models whose first picture has this storage key (a range of the picture order, trending order). */
function modelsWithPicture({ numbers, first, second }: PictureOrder, key: string): Int32Array {
  const a = pictureHash(key, hashSeeds[0]);
  const b = pictureHash(key, hashSeeds[1]);
  const before = (i: number) => first[i]! < a || (first[i] === a && second[i]! < b);
  let low = 0;
  let high = numbers.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(mid)) low = mid + 1;
    else high = mid;
  }
  let end = low;
  while (end < numbers.length && first[end] === a && second[end] === b) end++;
  return numbers.subarray(low, end);
}

export interface IndexData {
  size: number;
  columns: IndexColumns;
  terms: string[];
  termIds: Map<string, number>;
  /** Term ids in the terms' alphabetical order (prefixes are ranges of it). */
  sortedTerms: Int32Array;
  /** Model number → load index (where its words are in `tokenStart`). */
  order: Int32Array;
  /** Where each model's words start (load index → place; the chunk and the word in it). */
  tokenStart: Int32Array;
  /** Chunks of `tokenChunkWords` words, the last shorter. */
  tokens: TokenArray[];
  pictures: PictureOrder;
  /** By term id: the models with the term. */
  postings: Array<Bitset | Int32Array>;
  /** `attribute:value` → the models with it. */
  values: Map<string, Bitset>;
  /** Each stored order's model numbers, in that order. */
  sortOrders: Record<StoredSort, Int32Array>;
  /** Models in each poly-count range asked for so far, by `from-to`. */
  polyRangeSets: Map<string, Bitset>;
  /** The mean of every rating when the index was built: the top-rated order damps against it. */
  ratingMean: number;
}

export const storedSorts: readonly StoredSort[] = [
  'newest',
  'top_selling',
  'top_rated',
  'price_asc',
  'price_desc',
];

/**
 * What one comparison of two found models costs against one step along a stored order (a bit looked
 * up): a page is picked from the found models when that is the cheaper way (`ListingMatch.sortedPage`).
 */
const comparisonInSteps = 4;

export class ListingIndex {
  constructor(private readonly data: IndexData) {}

  /** What the index holds, for its snapshot (`listing-snapshot.ts`); not to be changed. */
  get contents(): Readonly<IndexData> {
    return this.data;
  }

  get size(): number {
    return this.data.size;
  }

  /** Distinct words of titles and tags. */
  get termCount(): number {
    return this.data.terms.length;
  }

  /**
   * The models matching a query and its filters, ready to be paged and counted; `hidden`: model
   * numbers left out whatever they match (those a newer index holds).
   */
  match(query: IndexQuery, hidden?: Bitset): ListingMatch {
    const { size } = this.data;
    const search = query.keywords ? this.boolean(query.keywords) : null;
    // `where` is the search's own bitset: narrowed in place.
    const found = search?.where ?? Bitset.full(size);
    if (hidden) found.andNot(hidden);
    this.applyFilters(found, query);
    const scoring = search?.scoring ?? [];
    let tiers: Tiers | null = null;
    if (query.pictures) {
      const groups = [...new Set(query.pictures)].map((key) => modelsWithPicture(this.data.pictures, key));
      const withPictures = new Bitset(size);
      for (const group of groups) for (let i = 0; i < group.length; i++) withPictures.add(group[i]!);
      found.and(withPictures);
      tiers = { kind: 'groups', groups };
    } else if (scoring.length > 0) tiers = { kind: 'clauses', clauses: scoring };
    return new ListingMatch(this.data, found, tiers);
  }

  /* Filters ------------------------------------------------------------------------------------ */

  private valueSet(attribute: string, value: string): Bitset {
    return this.data.values.get(`${attribute}:${value}`) ?? new Bitset(this.data.size);
  }

  private valueSets(attribute: string, values: readonly string[]): Bitset[] {
    return values.map((value) => this.valueSet(attribute, value));
  }

  /**
   * Narrows `found` in place: a search allocates as little as it can (at 200 searches a second, every
   * 250 KB bitset it does not allocate keeps the process's memory down).
   */
  private applyFilters(found: Bitset, q: IndexQuery): void {
    const { columns } = this.data;
    const print = this.valueSet('type', 'print');
    if (q.productType === 'print') found.and(print);
    if (q.productType === 'models' || q.excludePrint) found.andNot(print);
    if (q.saleOnly) found.and(this.valueSet('price', 'sale'));
    if (q.freeOnly) found.and(this.valueSet('price', 'free'));
    if (q.formats?.length) found.andAnyOf(this.valueSets('format', q.formats));
    for (const feature of q.features ?? []) found.and(this.valueSet('feature', feature));
    if (q.licences?.length) found.andAnyOf(this.valueSets('licence', q.licences));
    if (q.badges?.length) found.andAnyOf(this.valueSets('badge', q.badges));
    if (q.minRating) found.and(this.valueSet('rating', String(q.minRating)));
    if (q.polyRanges?.length) found.andAnyOf(q.polyRanges.map((range) => polyRangeSet(this.data, range)));
    // Column tests last: they look at the models still found only.
    if (q.ids) found.keep((n) => q.ids!.has(columns.id[n]!));
    if (q.categoryId !== undefined) found.keep((n) => columns.category[n] === q.categoryId);
    if (q.rootCategoryId !== undefined) found.keep((n) => columns.rootCategory[n] === q.rootCategoryId);
    if (q.designerId !== undefined) found.keep((n) => columns.designer[n] === q.designerId);
    const min = q.priceMinCents ?? null;
    const max = q.priceMaxCents ?? null;
    if (min !== null || max !== null)
      found.keep((n) => {
        const price = columns.finalPrice[n]!;
        return (min === null || price >= min) && (max === null || price <= max);
      });
  }

  /* Keywords (lib/query-language.ts semantics) --------------------------------------------------- */

  private termSet(word: string): Bitset {
    const term = this.data.termIds.get(word);
    return term === undefined ? new Bitset(this.data.size) : this.unionOfTerms([term]);
  }

  private unionOfTerms(terms: Iterable<number>): Bitset {
    const { postings, size } = this.data;
    const set = new Bitset(size);
    for (const term of terms) {
      const list = postings[term]!;
      if (list instanceof Bitset) set.or(list);
      else for (let i = 0; i < list.length; i++) set.add(list[i]!);
    }
    return set;
  }

  /** Term ids starting with `prefix`. */
  private termsWithPrefix(prefix: string): number[] {
    const { sortedTerms, terms } = this.data;
    let low = 0;
    let high = sortedTerms.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (terms[sortedTerms[mid]!]! < prefix) low = mid + 1;
      else high = mid;
    }
    const out: number[] = [];
    for (let i = low; i < sortedTerms.length && terms[sortedTerms[i]!]!.startsWith(prefix); i++)
      out.push(sortedTerms[i]!);
    return out;
  }

  /**
   * Models with `words` in this order, side by side within the title or one tag; the last word may be
   * any of `lastTerms` (a prefix's completions).
   */
  private phraseSet(words: string[], lastTerms?: number[]): Bitset {
    const { termIds, tokens, tokenStart, order, size } = this.data;
    const ids = words.map((word) => termIds.get(word));
    if (ids.some((id) => id === undefined)) return new Bitset(size);
    const sequence = (ids as number[]).map((id) => id + 1);
    const found = this.termSet(words[0]!);
    for (const word of words.slice(1)) found.and(this.termSet(word));
    const last = lastTerms ? new Set(lastTerms.map((id) => id + 1)) : null;
    if (last) found.and(this.unionOfTerms(lastTerms!));
    const length = sequence.length + (last ? 1 : 0);
    if (length === 1) return found;
    const verified = new Bitset(size);
    found.forEach((n) => {
      const li = order[n]!;
      const start = tokenStart[li]!;
      const chunk = tokens[chunkOf(start)]!;
      const end = inChunk(start) + tokenStart[li + 1]! - start - length;
      for (let i = inChunk(start); i <= end; i++) {
        let k = 0;
        while (k < sequence.length && chunk[i + k] === sequence[k]) k++;
        if (k === sequence.length && (!last || last.has(chunk[i + k]!))) {
          verified.add(n);
          break;
        }
      }
    });
    return verified;
  }

  private wildcardSet(parts: WildcardPart[]): Bitset | null {
    const literal = (text: string) => foldCase(text).replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
    const pattern = parts
      .map((part) =>
        'literal' in part
          ? literal(part.literal)
          : part.wildcard === '?'
            ? '[\\p{L}\\p{N}]'
            : '[\\p{L}\\p{N}]*',
      )
      .join('');
    const head = parts[0];
    const lead = head && 'literal' in head ? foldCase(head.literal) : '';
    const regex = new RegExp(`^${pattern}$`, 'u');
    const { terms } = this.data;
    const candidates = lead ? this.termsWithPrefix(lead) : terms.keys();
    const matching: number[] = [];
    for (const term of candidates) if (regex.test(terms[term]!)) matching.push(term);
    return this.unionOfTerms(matching);
  }

  private node(node: QueryNode): Bitset | null {
    switch (node.kind) {
      case 'term':
      case 'phrase': {
        const words = searchWords(node.text);
        if (words.length === 0) return null;
        return words.length === 1 ? this.termSet(words[0]!) : this.phraseSet(words);
      }
      case 'prefix': {
        const words = searchWords(node.text);
        const last = words.pop();
        if (last === undefined) return null;
        const completions = this.termsWithPrefix(last);
        return words.length ? this.phraseSet(words, completions) : this.unionOfTerms(completions);
      }
      case 'wildcard':
        return this.wildcardSet(node.parts);
      case 'boolean':
        return this.boolean(node).where;
    }
  }

  /**
   * Lucene's boolean semantics: every `must`, no `mustNot`, and — only when nothing is required — at
   * least one `should`. Exclusions alone match everything else (`-chair`: all but chairs). `scoring`
   * are the optional clauses whose matches rank a model higher.
   */
  private boolean(query: BooleanQuery): { where: Bitset | null; scoring: Bitset[] } {
    const must: Bitset[] = [];
    const mustNot: Bitset[] = [];
    const should: Bitset[] = [];
    for (const clause of query.clauses) {
      const set = this.node(clause.node);
      if (set) ({ must, mustNot, should })[clause.occur].push(set);
    }
    if (must.length + mustNot.length + should.length === 0) return { where: null, scoring: [] };
    const scoring = should.length > 1 || (should.length === 1 && must.length > 0) ? should : [];
    // Every clause's set is made for this query: `where` narrows one in place, unless it ranks too.
    let where: Bitset;
    if (must.length > 0) {
      where = must[0]!;
      for (const set of must.slice(1)) where.and(set);
    } else if (should.length > 0) {
      where = scoring.length > 0 ? should[0]!.clone() : should[0]!;
      for (const set of should.slice(1)) where.or(set);
    } else where = Bitset.full(this.data.size);
    for (const set of mustNot) where.andNot(set);
    return { where, scoring };
  }
}

/** The models with a poly count in [from, to) (`to` null: open-ended), kept once computed. */
function polyRangeSet(data: IndexData, [from, to]: readonly [number, number | null]): Bitset {
  const key = `${from}-${to}`;
  let set = data.polyRangeSets.get(key);
  if (!set) {
    set = new Bitset(data.size);
    const poly = data.columns.polyCount;
    for (let n = 0; n < poly.length; n++) if (poly[n]! >= from && (to === null || poly[n]! < to)) set.add(n);
    data.polyRangeSets.set(key, set);
  }
  return set;
}

/**
 * Groups of models that come before one another, each in trending order: by how many optional
 * `clauses` a model missed (0 first), or as lists (image search: the models of each picture, most
 * alike first).
 */
type Tiers = { kind: 'clauses'; clauses: Bitset[] } | { kind: 'groups'; groups: Int32Array[] };

/**
 * How many clauses each member of one word of a result matched, for all 32 at once: a binary counter
 * per bit, kept as one plane per binary digit. A page of a best-match order reads whole words this way
 * instead of asking each model about each clause.
 */
class ClauseCounts {
  private readonly planes: Int32Array;
  private members = 0;

  constructor(private readonly clauses: readonly Bitset[]) {
    this.planes = new Int32Array(32 - Math.clz32(clauses.length));
  }

  /** Counts word `w` for its `members` (the result's bits in that word). */
  load(w: number, members: number): void {
    const planes = this.planes;
    planes.fill(0);
    for (const clause of this.clauses) {
      let carry = clause.words[w]! & members;
      for (let p = 0; carry !== 0 && p < planes.length; p++) {
        const next = planes[p]! & carry;
        planes[p]! ^= carry;
        carry = next;
      }
    }
    this.members = members;
  }

  /** The members of the loaded word that missed exactly `missed` clauses. */
  missing(missed: number): number {
    const planes = this.planes;
    const matched = this.clauses.length - missed;
    let mask = this.members;
    for (let p = 0; p < planes.length; p++) mask &= (matched >>> p) & 1 ? planes[p]! : ~planes[p]!;
    return mask;
  }
}

export class ListingMatch {
  readonly total: number;
  /** The words of `found` with a member: facet counts look at these only (made when first asked). */
  private occupiedWords: Int32Array | null = null;
  /** Image search: each model's picture group (`tierOf`), made when first asked. */
  private groupOf: Map<number, number> | null = null;

  constructor(
    private readonly data: IndexData,
    private readonly found: Bitset,
    private readonly tiers: Tiers | null,
  ) {
    this.total = found.count();
  }

  private get occupied(): Int32Array {
    return (this.occupiedWords ??= this.found.occupiedWords());
  }

  /** The ids of one page in `sort` order (best match without anything to rank by: trending). */
  page(sort: IndexSort, offset: number, limit: number): number[] {
    return this.numbers(sort, offset, limit).map((n) => this.data.columns.id[n]!);
  }

  /** The model numbers of one page in `sort` order. */
  numbers(sort: IndexSort, offset: number, limit: number): number[] {
    if (sort === 'best_match' && this.tiers) return this.tieredPage(this.tiers, offset, limit);
    if (sort === 'best_match' || sort === 'trending') return this.found.slice(offset, limit);
    return this.sortedPage(sort, offset, limit);
  }

  /** Every model number found, in number order (trending). */
  all(): number[] {
    const out: number[] = [];
    this.found.forEach((n) => {
      out.push(n);
    });
    return out;
  }

  /** The group a found model's best-match order puts it in (0 first; 0 for all without groups). */
  tierOf(n: number): number {
    const tiers = this.tiers;
    if (!tiers) return 0;
    if (tiers.kind === 'clauses') {
      let missed = 0;
      for (const clause of tiers.clauses) if (!clause.has(n)) missed++;
      return missed;
    }
    // Looked up per comparison of a merge: each model's group once, the first that holds it.
    if (!this.groupOf) {
      this.groupOf = new Map();
      tiers.groups.forEach((group, index) => {
        for (const member of group) if (!this.groupOf!.has(member)) this.groupOf!.set(member, index);
      });
    }
    return this.groupOf.get(n) ?? tiers.groups.length;
  }

  private tieredPage(tiers: Tiers, offset: number, limit: number): number[] {
    if (tiers.kind === 'groups') {
      const out: number[] = [];
      let skip = offset;
      for (const group of tiers.groups)
        for (let i = 0; i < group.length && out.length < limit; i++) {
          if (!this.found.has(group[i]!)) continue;
          if (skip > 0) skip--;
          else out.push(group[i]!);
        }
      return out;
    }
    // Each tier's first `wanted` members, in one pass over the words. Once a tier has them all, the
    // page lies within it and the tiers before it: the later ones are left, and a full first tier ends
    // the pass.
    const words = this.found.words;
    const counts = new ClauseCounts(tiers.clauses);
    const wanted = offset + limit;
    const firsts: number[][] = tiers.clauses.map(() => []);
    firsts.push([]);
    let tiersWanted = firsts.length;
    for (let w = 0; w < words.length && tiersWanted > 0; w++) {
      if (words[w] === 0) continue;
      counts.load(w, words[w]!);
      for (let tier = 0; tier < tiersWanted; tier++) {
        const list = firsts[tier]!;
        let word = counts.missing(tier);
        while (word !== 0 && list.length < wanted) {
          const lowest = word & -word;
          list.push((w << 5) + 31 - Math.clz32(lowest));
          word ^= lowest;
        }
        if (list.length === wanted) tiersWanted = tier;
      }
    }
    return firsts.flat().slice(offset, wanted);
  }

  /**
   * A page in a stored order: walked along the order, keeping the models found, when they are dense
   * enough that the page fills soon; otherwise the found models' first `offset + limit` are picked by
   * comparing their figures (each found model compared about once, a heap of the best so far).
   */
  private sortedPage(sort: StoredSort, offset: number, limit: number): number[] {
    const { size, columns, ratingMean } = this.data;
    const wanted = offset + limit;
    const stepsToWalk = Math.min(size, (wanted * size) / Math.max(1, this.total));
    const stepsToPick = comparisonInSteps * (this.total + wanted * Math.log2(wanted + 1));
    if (stepsToPick < stepsToWalk)
      return firstInOrder(this.found, wanted, comparatorOf(sort, columns, ratingMean)).slice(offset);
    const byPosition = this.data.sortOrders[sort];
    const out: number[] = [];
    let skip = offset;
    for (let p = 0; p < byPosition.length && out.length < limit; p++) {
      const n = byPosition[p]!;
      if (!this.found.has(n)) continue;
      if (skip > 0) skip--;
      else out.push(n);
    }
    return out;
  }

  /** The counts behind each filter, over this whole result set. */
  facets(spec: FacetSpec): IndexFacets {
    const { values } = this.data;
    const countOf = (key: string) => {
      const set = values.get(key);
      return set ? this.found.countAnd(set, this.occupied) : 0;
    };
    return {
      free: countOf('price:free'),
      sale: countOf('price:sale'),
      formats: spec.formats.map((v) => countOf(`format:${v}`)),
      features: spec.features.map((v) => countOf(`feature:${v}`)),
      badges: spec.badges.map((v) => countOf(`badge:${v}`)),
      licences: spec.licences.map((v) => countOf(`licence:${v}`)),
      polyRanges: spec.polyRanges.map((range) =>
        this.found.countAnd(polyRangeSet(this.data, range), this.occupied),
      ),
      minRatings: (spec.minRatings ?? []).map((threshold) => countOf(`rating:${threshold}`)),
    };
  }
}

/**
 * The first `wanted` members of `found` in `compare` order, sorted. A heap holds the best so far with
 * the worst of them on top, so most members cost one comparison with it.
 */
function firstInOrder(found: Bitset, wanted: number, compare: (a: number, b: number) => number): number[] {
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => {
    const held = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = held;
  };
  found.forEach((n) => {
    if (heap.length < wanted) {
      heap.push(n);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (wanted > 0 && compare(n, heap[0]!) < 0) {
      heap[0] = n;
      for (let i = 0; ;) {
        const left = 2 * i + 1;
        if (left >= heap.length) break;
        const child = left + 1 < heap.length && worse(left + 1, left) ? left + 1 : left;
        if (!worse(child, i)) break;
        swap(i, child);
        i = child;
      }
    }
  });
  return heap.sort(compare);
}
