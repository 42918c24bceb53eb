/**
 * `npm run bench -- index-queries --snapshot FILE [--rounds 3]`: the listing index's own cost, in this
 * process, without HTTP or the database. It reads a listing-index snapshot (decision 0064: the
 * `listing-index/snapshot.bin` a server writes in its DATA_DIR, e.g. one the search benchmark left in
 * /tmp/bench-search-data-*) and runs the search benchmark's query mixes one at a time: the first page
 * with its total, the same with three filters and every facet count, and page 200, in best-match order
 * and in the stored orders (newest, top-selling, top-rated, by price). The first rounds
 * warm up; the last is measured (milliseconds per query: match, page and facets).
 */
import { parseQuery } from '@/features/catalog/query-language';
import { listingFacetSpec, parseListingFilters } from '@/features/catalog/schemas';
import {
  storedSorts,
  type IndexQuery,
  type IndexSort,
  type ListingIndex,
} from '@/features/catalog/server/listing-index';
import { readListingSnapshot } from '@/features/catalog/server/listing-snapshot';

import { percentile, queryMixes } from './search';

/** The filters of a query string as the listing reads them, as the index takes them. */
function filtersOf(queryString: string): Partial<IndexQuery> {
  const params: Record<string, string[]> = {};
  for (const [key, value] of new URLSearchParams(queryString)) (params[key] ??= []).push(value);
  const filters = parseListingFilters(params);
  return {
    formats: filters.formats,
    features: filters.features,
    licences: filters.licences,
    saleOnly: filters.saleOnly,
    freeOnly: filters.freeOnly,
    excludePrint: filters.excludePrint,
  };
}

interface Case {
  name: string;
  queries: Array<{ query: IndexQuery; offset: number; facets: boolean; sort?: IndexSort }>;
}

function cases(): Case[] {
  const mixes = queryMixes();
  const keywords = (text: string) => ({ keywords: parseQuery(text) });
  return [
    {
      name: 'search, first page with total',
      queries: mixes.searches.map((text) => ({ query: keywords(text), offset: 0, facets: false })),
    },
    {
      name: 'search, three filters and facet counts',
      queries: mixes.filtered.map(({ keywords: text, extra }) => ({
        query: { ...keywords(text), ...filtersOf(extra) },
        offset: 0,
        facets: true,
      })),
    },
    {
      name: 'search, page 200',
      queries: mixes.deep.map((text) => ({ query: keywords(text), offset: 199 * 24, facets: false })),
    },
    // The stored orders (newest, top-selling, top-rated, by price), one after another over the mix.
    {
      name: 'search, first page in a stored order',
      queries: mixes.searches.map((text, i) => ({
        query: keywords(text),
        offset: 0,
        facets: false,
        sort: storedSorts[i % storedSorts.length],
      })),
    },
    {
      name: 'search, page 200 in a stored order',
      queries: mixes.deep.map((text, i) => ({
        query: keywords(text),
        offset: 199 * 24,
        facets: false,
        sort: storedSorts[i % storedSorts.length],
      })),
    },
  ];
}

function timeCase(index: ListingIndex, { queries }: Case, rounds: number) {
  let times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    times = [];
    for (const { query, offset, facets, sort = 'best_match' } of queries) {
      const started = performance.now();
      const match = index.match(query);
      match.page(sort, offset, 24);
      if (facets) match.facets(listingFacetSpec);
      times.push(performance.now() - started);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const round2 = (ms: number) => Math.round(ms * 100) / 100;
  return {
    queries: times.length,
    p50: round2(percentile(sorted, 50)),
    p95: round2(percentile(sorted, 95)),
    p99: round2(percentile(sorted, 99)),
    mean: round2(times.reduce((sum, ms) => sum + ms, 0) / times.length),
  };
}

export async function runIndexQueriesBenchmark(file: string, rounds: number) {
  const snapshot = await readListingSnapshot(file, 'any database');
  if (!snapshot) throw new Error(`${file} does not exist`);
  const { index } = snapshot;
  const results: Record<string, ReturnType<typeof timeCase>> = {};
  const lines: string[] = [];
  for (const c of cases()) {
    const figures = (results[c.name] = timeCase(index, c, rounds));
    lines.push(
      `${c.name}: p50 ${figures.p50}, p95 ${figures.p95}, p99 ${figures.p99}, mean ${figures.mean} ms (${figures.queries} queries, one at a time)`,
    );
  }
  return {
    result: { models: index.size, rounds, cases: results },
    lines,
    summary: `index-queries: ${index.size.toLocaleString('en-US')} models`,
  };
}
