/**
 * The listing index kept current without rebuilding it (issue 26 §1, decision 0065). A base index holds
 * the whole catalogue as it was at its build; the models changed since are held by at most two small
 * indexes on top of it: `recent`, rebuilt with every change (~5 ms at 500 models), and `settled`, into
 * which `recent` is folded once it holds more than 500. The fold (~130 ms at 20,000 models) is built off
 * the searches' path and then taken by a later index, whose `recent` keeps only what changed meanwhile.
 * Each layer hides its copies of the models a newer layer holds; a model gone from the listings is hidden
 * and held by none.
 *
 * A search runs on every layer: totals and facet counts add up, and a page merges the layers' orders by
 * the figures the orders sort by (trending score, publication, sales, rating, price, then id), so the
 * answer is the one a fresh build would give. One exception: the top-rated order damps every rating
 * against the catalogue's mean as the base saw it (a mean of many ratings, which moves slowly), until
 * the next full build.
 */
import { Bitset } from './bitset';
import {
  comparatorOf,
  ListingIndexBuilder,
  type FacetSpec,
  type IndexedModel,
  type IndexFacets,
  type IndexQuery,
  type IndexSort,
  type ListingIndex,
  type ListingMatch,
  type SortFigures,
} from './listing-index';

/** `recent` is due to be folded into `settled` once it holds more models than this (tests: fewer). */
const defaultRecentLayerMax = 500;

/** The models changed since the base, as they are now: null for a model no listing shows any more. */
export type ModelChanges = ReadonlyMap<number, IndexedModel | null>;

interface UpperLayer {
  index: ListingIndex;
  /** Every model the layer speaks for, as it is now (null: gone). */
  models: ModelChanges;
  /** Its copies of the models the recent layer holds (settled only). */
  hidden: Bitset | null;
}

async function buildLayer(models: ModelChanges): Promise<ListingIndex> {
  const builder = new ListingIndexBuilder(models.size);
  await builder.addAll([...models.values()].filter((model) => model !== null));
  return builder.build();
}

/** Model id → model number in `index` (-1: not in it); a table of every id for a large index. */
const numberLookups = new WeakMap<ListingIndex, (id: number) => number>();
function numberOfId(index: ListingIndex, id: number): number {
  let lookup = numberLookups.get(index);
  if (!lookup) {
    const ids = index.contents.columns.id;
    let maxId = 0;
    for (let n = 0; n < ids.length; n++) maxId = Math.max(maxId, ids[n]!);
    if (ids.length >= 10_000 && maxId <= ids.length * 4) {
      const table = new Int32Array(maxId + 1).fill(-1);
      for (let n = 0; n < ids.length; n++) table[ids[n]!] = n;
      lookup = (wanted) => (wanted >= 0 && wanted < table.length ? table[wanted]! : -1);
    } else {
      const map = new Map<number, number>();
      for (let n = 0; n < ids.length; n++) map.set(ids[n]!, n);
      lookup = (wanted) => map.get(wanted) ?? -1;
    }
    numberLookups.set(index, lookup);
  }
  return lookup(id);
}

/** `hidden` (or a new set) with the numbers of these ids in `index` added; a copy, never changed in place. */
function hide(index: ListingIndex, hidden: Bitset | null, ids: Iterable<number>): Bitset {
  const out = hidden ? hidden.clone() : new Bitset(index.size);
  for (const id of ids) {
    const n = numberOfId(index, id);
    if (n !== -1) out.add(n);
  }
  return out;
}

export class LayeredListingIndex {
  /** Models the listings show. */
  readonly size: number;

  private constructor(
    readonly base: ListingIndex,
    private readonly baseHidden: Bitset | null,
    private readonly settled: UpperLayer | null,
    private readonly recent: UpperLayer | null,
    private readonly recentLayerMax: number,
  ) {
    const shown = (index: ListingIndex, hidden: Bitset | null) => index.size - (hidden?.count() ?? 0);
    this.size =
      shown(base, baseHidden) +
      (settled ? shown(settled.index, settled.hidden) : 0) +
      (recent ? recent.index.size : 0);
  }

  /** A freshly built index, with nothing on top. */
  static of(base: ListingIndex, recentLayerMax = defaultRecentLayerMax): LayeredListingIndex {
    return new LayeredListingIndex(base, null, null, null, recentLayerMax);
  }

  /** Distinct words of the base's titles and tags. */
  get termCount(): number {
    return this.base.termCount;
  }

  /** How many models the layers on top of the base speak for (a full build is due when many). */
  get changedSinceBase(): number {
    return (this.settled?.models.size ?? 0) + (this.recent?.models.size ?? 0);
  }

  /** The index with these models as they are now: `recent` is rebuilt, not the base nor `settled`. */
  async withChanges(changes: ModelChanges): Promise<LayeredListingIndex> {
    if (changes.size === 0) return this;
    const recentModels = new Map(this.recent?.models);
    for (const [id, model] of changes) recentModels.set(id, model);
    const recent = { index: await buildLayer(recentModels), models: recentModels, hidden: null };
    const settled = this.settled && {
      ...this.settled,
      hidden: hide(this.settled.index, this.settled.hidden, changes.keys()),
    };
    const baseHidden = hide(this.base, this.baseHidden, changes.keys());
    return new LayeredListingIndex(this.base, baseHidden, settled, recent, this.recentLayerMax);
  }

  /** Whether `recent` has outgrown its bound and is due to be folded into `settled`. */
  get foldDue(): boolean {
    return (this.recent?.models.size ?? 0) > this.recentLayerMax;
  }

  /** `settled` with `recent` folded in, for `withFold` of this index or a later one. */
  async fold(): Promise<LayerFold> {
    const models = new Map(this.settled?.models);
    for (const [id, model] of this.recent?.models ?? []) models.set(id, model);
    return { base: this.base, from: this.settled?.models ?? null, models, index: await buildLayer(models) };
  }

  /**
   * This index with `fold` as its settled layer, and in `recent` only the models changed since the fold
   * began; itself when the fold began from another base or settled layer (a build or fold came between).
   */
  async withFold(fold: LayerFold): Promise<LayeredListingIndex> {
    if (fold.base !== this.base || fold.from !== (this.settled?.models ?? null)) return this;
    const newer = new Map<number, IndexedModel | null>();
    for (const [id, model] of this.recent?.models ?? [])
      if (!fold.models.has(id) || fold.models.get(id) !== model) newer.set(id, model);
    const recent = newer.size > 0 ? { index: await buildLayer(newer), models: newer, hidden: null } : null;
    const settled = { index: fold.index, models: fold.models, hidden: hide(fold.index, null, newer.keys()) };
    return new LayeredListingIndex(this.base, this.baseHidden, settled, recent, this.recentLayerMax);
  }

  match(query: IndexQuery): LayeredMatch {
    const layers: Array<{ index: ListingIndex; match: ListingMatch }> = [
      { index: this.base, match: this.base.match(query, this.baseHidden ?? undefined) },
    ];
    if (this.settled)
      layers.push({
        index: this.settled.index,
        match: this.settled.index.match(query, this.settled.hidden ?? undefined),
      });
    if (this.recent) layers.push({ index: this.recent.index, match: this.recent.index.match(query) });
    return new LayeredMatch(
      layers.filter((layer, i) => i === 0 || layer.match.total > 0),
      this.base.contents.ratingMean,
    );
  }
}

/** `settled` with `recent` folded in, built from one index and taken by a later one (`withFold`). */
export interface LayerFold {
  readonly base: ListingIndex;
  /** The settled layer's models the fold started from (null: there was none). */
  readonly from: ModelChanges | null;
  readonly models: ModelChanges;
  readonly index: ListingIndex;
}

interface Entry {
  layer: number;
  n: number;
}

/** The figures of models of several layers, gathered by position: the orders compare positions. */
interface GatheredFigures extends SortFigures {
  trending: Float64Array;
  /** The best-match tier (gathered for that order only). */
  tier: Int32Array;
}

export class LayeredMatch {
  readonly total: number;

  constructor(
    private readonly layers: ReadonlyArray<{ index: ListingIndex; match: ListingMatch }>,
    private readonly ratingMean: number,
  ) {
    this.total = layers.reduce((sum, layer) => sum + layer.match.total, 0);
  }

  /** The ids of one page in `sort` order, as one index of every layer's models would give them. */
  page(sort: IndexSort, offset: number, limit: number): number[] {
    const [base, ...upper] = this.layers;
    if (upper.length === 0) return base!.match.page(sort, offset, limit);
    if (offset >= this.total) return [];
    const found = upper.flatMap(({ match }, i) => match.all().map((n) => ({ layer: i + 1, n })));
    const byFound = this.comparator(sort, this.gather(found, sort));
    const above = found
      .map((_, i) => i)
      .sort(byFound)
      .map((i) => found[i]!);
    // At most `above.length` models of the small layers come before the page: the base's models
    // before `offset - above.length` in its own order are before the page whatever they are.
    const baseFrom = Math.max(0, offset - above.length);
    const below = base!.match.numbers(sort, baseFrom, limit + above.length).map((n) => ({ layer: 0, n }));
    // Positions 0 … above.length - 1 are `above`, in order; from `above.length` on, `below`.
    const figures = this.gather([...above, ...below], sort);
    const compare = this.comparator(sort, figures);
    const belowAt = (b: number) => above.length + b;
    let a = 0;
    if (baseFrom > 0 && below.length > 0) {
      // The small layers' models before the base's first one here (`above` is sorted: a binary search).
      let high = above.length;
      while (a < high) {
        const mid = (a + high) >>> 1;
        if (compare(mid, belowAt(0)) < 0) a = mid + 1;
        else high = mid;
      }
    }
    const ids: number[] = [];
    let b = 0;
    for (let position = baseFrom + a; ids.length < limit; position++) {
      const fromBelow = b < below.length && (a >= above.length || compare(belowAt(b), a) < 0);
      if (!fromBelow && a >= above.length) break;
      const at = fromBelow ? belowAt(b++) : a++;
      if (position >= offset) ids.push(figures.id[at]!);
    }
    return ids;
  }

  /** The counts behind each filter, over the whole result set. */
  facets(spec: FacetSpec): IndexFacets {
    const [first, ...rest] = this.layers.map(({ match }) => match.facets(spec));
    const sum = (a: number[], b: number[]) => a.map((value, i) => value + b[i]!);
    return rest.reduce(
      (total, facets) => ({
        free: total.free + facets.free,
        sale: total.sale + facets.sale,
        formats: sum(total.formats, facets.formats),
        features: sum(total.features, facets.features),
        badges: sum(total.badges, facets.badges),
        licences: sum(total.licences, facets.licences),
        polyRanges: sum(total.polyRanges, facets.polyRanges),
        minRatings: sum(total.minRatings, facets.minRatings),
      }),
      first!,
    );
  }

  /** The sort figures of `entries`, by position, from each one's layer. */
  private gather(entries: readonly Entry[], sort: IndexSort): GatheredFigures {
    const count = entries.length;
    const figures: GatheredFigures = {
      id: new Int32Array(count),
      trending: new Float64Array(count),
      published: new Float64Array(count),
      sales: new Int32Array(count),
      ratingAverage: new Float64Array(count),
      ratingCount: new Int32Array(count),
      finalPrice: new Int32Array(count),
      tier: new Int32Array(sort === 'best_match' ? count : 0),
    };
    entries.forEach(({ layer, n }, i) => {
      const { index, match } = this.layers[layer]!;
      const columns = index.contents.columns;
      figures.id[i] = columns.id[n]!;
      figures.trending[i] = columns.trending[n]!;
      figures.published[i] = columns.published[n]!;
      figures.sales[i] = columns.sales[n]!;
      figures.ratingAverage[i] = columns.ratingAverage[n]!;
      figures.ratingCount[i] = columns.ratingCount[n]!;
      figures.finalPrice[i] = columns.finalPrice[n]!;
      if (sort === 'best_match') figures.tier[i] = match.tierOf(n);
    });
    return figures;
  }

  /**
   * The order of `sort` over gathered positions, as the index build sorts: the stored orders by
   * `comparatorOf`; trending (the base's numbering) by score, then id; best match by tier, then by trending.
   */
  private comparator(sort: IndexSort, figures: GatheredFigures): (a: number, b: number) => number {
    const { id, trending, tier } = figures;
    const byTrending = (a: number, b: number) => trending[b]! - trending[a]! || id[a]! - id[b]!;
    switch (sort) {
      case 'best_match':
        return (a, b) => tier[a]! - tier[b]! || byTrending(a, b);
      case 'trending':
        return byTrending;
      default:
        return comparatorOf(sort, figures, this.ratingMean);
    }
  }
}
