/**
 * Keeps the process's listing index (decision 0014) in step with the catalogue. Before answering, the
 * catalogue's stamp (latest update, highest id) is read: when it has changed, a small catalogue is
 * re-indexed at once (a few milliseconds per thousand models), and a large one in the background
 * while the previous index answers. The index is only a cache: every instance builds its own.
 */
import { logger } from '@/server/logger';

import { ListingIndexBuilder, type ListingIndex } from './listing-index';
import { countModels, findCatalogueStamp, forEachIndexedModel } from './listing-index-repository';

/** Up to this many models a changed catalogue is re-indexed before the answer (tests, demo, imports). */
const rebuildInlineUpTo = 100_000;

interface IndexState {
  current: { index: ListingIndex; stamp: string } | null;
  building: Promise<void> | null;
}

// On globalThis: the custom server (which starts the first build) and the app's bundle load this
// module separately, and must share one index.
const stateKey = Symbol.for('marketplace.listingIndex');
const state: IndexState =
  ((globalThis as Record<symbol, unknown>)[stateKey] as IndexState | undefined) ??
  ((globalThis as Record<symbol, unknown>)[stateKey] = { current: null, building: null } as IndexState);

async function build(stamp: string): Promise<void> {
  const started = performance.now();
  const builder = new ListingIndexBuilder(await countModels());
  await forEachIndexedModel((batch) => builder.addAll(batch));
  const index = await builder.build();
  state.current = { index, stamp };
  const ms = Math.round(performance.now() - started);
  if (index.size >= 10_000) logger.info({ models: index.size, ms }, 'listing index built');
}

function rebuild(stamp: string): Promise<void> {
  state.building ??= build(stamp).finally(() => {
    state.building = null;
  });
  return state.building;
}

/**
 * The index of the catalogue as it is now (or, while a large catalogue is re-indexed, as it was;
 * `waitForChanges`: as it is now, at any size, for work that must not miss a new model).
 */
export async function getListingIndex(options: { waitForChanges?: boolean } = {}): Promise<ListingIndex> {
  const stamp = await findCatalogueStamp();
  for (let attempt = 0; attempt < 2; attempt++) {
    const current = state.current;
    if (current?.stamp === stamp) return current.index;
    const pending = rebuild(stamp);
    if (current && current.index.size > rebuildInlineUpTo && !options.waitForChanges) {
      pending.catch((error: unknown) => logger.error({ err: error }, 'listing index rebuild failed'));
      return current.index;
    }
    await pending;
  }
  return state.current!.index;
}
