/** The listing index's gauges on /metrics (decisions 0014, 0051): its size and how far behind it is. */
import { scrapedGauge, sharedWhileRunning } from '@/server/metrics/registry';

import { listingIndexStatus, type ListingIndexStatus } from './listing-search';

export function registerListingIndexMetrics(): void {
  // All of them ask in one scrape: one look at the catalogue's version for all.
  const status = sharedWhileRunning(() => listingIndexStatus());
  const gauge = (name: string, help: string, value: (status: ListingIndexStatus) => number) =>
    scrapedGauge({ name, help }, async (metric) => metric.set(value(await status())));

  gauge(
    'meshbay_search_index_models',
    'Models in the listing index (0 before its first build).',
    (s) => s.models ?? 0,
  );
  gauge(
    'meshbay_search_index_terms',
    'Distinct words of titles and tags in the listing index.',
    (s) => s.terms ?? 0,
  );
  gauge(
    'meshbay_search_index_versions_behind',
    'Catalogue changes (catalogue_version) the listing index does not hold yet; it catches up at the next search.',
    (s) => s.catalogueVersion - (s.indexedVersion ?? 0),
  );
  gauge(
    'meshbay_search_index_lag_seconds',
    'Freshness lag: 0 when the listing index holds the catalogue as it is, else seconds since it was last seen current.',
    (s) => s.lagSeconds,
  );
  gauge('meshbay_search_index_building', '1 while the listing index is being (re)built.', (s) =>
    s.building ? 1 : 0,
  );
  gauge(
    'meshbay_search_index_last_build_seconds',
    'How long the last build of the listing index took.',
    (s) => (s.lastBuildMs ?? 0) / 1000,
  );
}
