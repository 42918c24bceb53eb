/**
 * Keeps the process's listing index (decision 0014) in step with the catalogue. Before answering, the
 * catalogue's version is read (from a read replica when there are any, decision 0062). When it has
 * changed, the models the change log names are read and the index takes them in place, on top of its
 * base (decision 0065), before the answer. A full build happens at the first start, when the log cannot
 * say what changed (it reaches back 100,000 versions), and in the background once many models have
 * changed since the base (re-ranking them by trending). A small catalogue waits for a full build; a
 * large one is answered by the previous index meanwhile. The index is only a cache: every instance
 * builds its own. A large one is also kept on disk, and an instance starts from that snapshot (decision 0064).
 */
import { env } from '@/env';
import { readsFromPrimary, withOneReadSource, withPrimaryReads } from '@/server/db/read-replicas';
import { logger } from '@/server/logger';

import { ListingIndexBuilder, type IndexedModel, type ListingIndex } from './listing-index';
import {
  countModels,
  findCatalogueChanges,
  findCatalogueDatabaseId,
  findCatalogueStamp,
  findIndexedModels,
  forEachIndexedModel,
} from './listing-index-repository';
import { LayeredListingIndex, type LayerFold } from './listing-layers';
import { readListingSnapshot, SnapshotRefused, writeListingSnapshot } from './listing-snapshot';

/** Up to this many models a full build is awaited before the answer (tests, demo, imports). */
const rebuildInlineUpTo = 100_000;

/** More models changed at once than this are taken by a full build. */
const changesTakenInPlaceUpTo = 50_000;

/**
 * A full build (re-ranking by trending) is started once this many models changed since the base. It
 * also bounds the settled layer, which every search runs on (20,000 models: 1 % of a large base).
 */
const rebuildAfterChanges = (baseSize: number) => Math.max(20_000, Math.floor(baseSize / 100));

interface IndexState {
  /** `verifiedAt`: when the catalogue was last seen at `stamp` (ms since the epoch). */
  current: { index: LayeredListingIndex; stamp: string; verifiedAt: number } | null;
  building: Promise<void> | null;
  /**
   * Reading the change log and taking its models in place, or taking a fold; one at a time. Its answer:
   * whether a full build is needed.
   */
  catchingUp: Promise<'caught up' | 'needs a build'> | null;
  /** The recent layer being folded into the settled one, off the searches' path. */
  folding?: Promise<void> | null;
  /** How long the last build took, in ms. */
  lastBuildMs?: number;
  /** The start's read of the snapshot (once), and the snapshot's writing. */
  snapshotRead?: Promise<void>;
  snapshotWrite?: { running: boolean; lastAt: number };
}

/** A snapshot is written at most this often (a large catalogue that changes all day rebuilds all day). */
const snapshotEveryMs = 10 * 60_000;

/** The snapshot, when the settings keep one (the file, and from how many models on). */
let snapshotSettings: { file: string; minModels: number } | null =
  env.LISTING_SNAPSHOT_MODELS > 0
    ? { file: env.listingSnapshotFile, minModels: env.LISTING_SNAPSHOT_MODELS }
    : null;

/** Tests: another file or threshold (null: no snapshot); the next start reads it again. */
export function setListingSnapshot(settings: { file: string; minModels: number } | null): void {
  snapshotSettings = settings;
  state.snapshotRead = undefined;
  state.snapshotWrite = undefined;
}

/** The index as the last snapshot holds it, when there is one of this database (read once, at start). */
async function readSnapshot(): Promise<void> {
  if (!snapshotSettings) return;
  const { file } = snapshotSettings;
  const started = performance.now();
  try {
    const databaseId = await findCatalogueDatabaseId();
    const snapshot = databaseId ? await readListingSnapshot(file, databaseId) : null;
    if (!snapshot || state.current) return;
    // Seen current when it was written: the changes it misses are at most that old.
    state.current = {
      index: LayeredListingIndex.of(snapshot.index),
      stamp: snapshot.stamp,
      verifiedAt: snapshot.writtenAt,
    };
    state.snapshotWrite = { running: false, lastAt: snapshot.writtenAt };
    const ms = Math.round(performance.now() - started);
    logger.info(
      { models: snapshot.index.size, version: snapshot.stamp, ms },
      'listing index read from its snapshot',
    );
  } catch (error) {
    const reason = error instanceof SnapshotRefused ? error.message : String(error);
    logger.warn({ file, reason }, 'listing index snapshot not used; building from the database');
  }
}

/** Writes the snapshot in the background after a build of a large catalogue, at most every 10 minutes. */
function keepSnapshot(index: ListingIndex, stamp: string): void {
  const settings = snapshotSettings;
  if (!settings || index.size < settings.minModels) return;
  const writing = (state.snapshotWrite ??= { running: false, lastAt: 0 });
  if (writing.running || Date.now() - writing.lastAt < snapshotEveryMs) return;
  writing.running = true;
  const started = performance.now();
  void findCatalogueDatabaseId()
    .then(async (databaseId) => {
      if (!databaseId) return;
      await writeListingSnapshot(settings.file, index, { databaseId, stamp });
      writing.lastAt = Date.now();
      const ms = Math.round(performance.now() - started);
      logger.info({ models: index.size, version: stamp, ms }, 'listing index snapshot written');
    })
    .catch((error: unknown) => logger.warn({ err: error }, 'listing index snapshot not written'))
    .finally(() => {
      writing.running = false;
    });
}

// On globalThis: the custom server (which starts the first build) and the app's bundle load this
// module separately, and must share one index.
const stateKey = Symbol.for('marketplace.listingIndex');
const state: IndexState =
  ((globalThis as Record<symbol, unknown>)[stateKey] as IndexState | undefined) ??
  ((globalThis as Record<symbol, unknown>)[stateKey] = {
    current: null,
    building: null,
    catchingUp: null,
  } as IndexState);

async function build(stampReadAt: number): Promise<void> {
  const started = performance.now();
  // The version and the rows from one source, the version first: the index is never labelled newer
  // than what it holds (at worst older, which costs one more build).
  const { index, stamp } = await withOneReadSource(async () => {
    const stamp = await findCatalogueStamp();
    const builder = new ListingIndexBuilder(await countModels());
    await forEachIndexedModel((batch) => builder.addAll(batch));
    return { index: await builder.build(), stamp };
  });
  state.current = { index: LayeredListingIndex.of(index), stamp, verifiedAt: stampReadAt };
  const ms = Math.round(performance.now() - started);
  state.lastBuildMs = ms;
  if (index.size >= 10_000) logger.info({ models: index.size, ms }, 'listing index built');
  keepSnapshot(index, stamp);
}

function rebuild(stampReadAt: number): Promise<void> {
  state.building ??= build(stampReadAt).finally(() => {
    state.building = null;
  });
  return state.building;
}

/** Runs `step` when no other catch-up or fold runs, and lets searches wait for it. */
function oneAtATime(step: () => Promise<'caught up' | 'needs a build'>) {
  state.catchingUp ??= step().finally(() => {
    state.catchingUp = null;
  });
  return state.catchingUp;
}

/**
 * The changes since the current index, from the change log, taken in place. The models are read from
 * the same source as the log (a replica's log names what that replica holds).
 */
async function catchUp(stampReadAt: number): Promise<'caught up' | 'needs a build'> {
  const current = state.current!;
  const read = await withOneReadSource(async () => {
    const changes = await findCatalogueChanges(current.stamp, changesTakenInPlaceUpTo);
    if (!changes) return null;
    const models = new Map<number, IndexedModel | null>(changes.ids.map((id) => [id, null]));
    for (const model of await findIndexedModels(changes.ids)) models.set(model.id, model);
    return { stamp: changes.stamp, models };
  });
  if (!read) return 'needs a build';
  // A replica behind the primary the index was caught up from: nothing newer to take.
  if (Number(read.stamp) <= Number(current.stamp)) return 'caught up';
  const index = await current.index.withChanges(read.models);
  // A full build finished meanwhile: the next look at the version catches up from it instead.
  if (state.current !== current) return 'caught up';
  state.current = { index, stamp: read.stamp, verifiedAt: stampReadAt };
  if (index.changedSinceBase > rebuildAfterChanges(index.base.size) && !state.building)
    rebuild(stampReadAt).catch((error: unknown) =>
      logger.error({ err: error }, 'listing index rebuild failed'),
    );
  else if (index.foldDue) foldInBackground(index);
  return 'caught up';
}

/**
 * Folds the recent layer into the settled one without a search waiting for it, then has the current
 * index take the fold (it keeps in `recent` what changed meanwhile; a full build in between drops it).
 */
function foldInBackground(index: LayeredListingIndex): void {
  if (state.folding) return;
  state.folding = index
    .fold()
    .then(async (fold: LayerFold) => {
      while (state.catchingUp) await state.catchingUp.catch(() => {});
      await oneAtATime(async () => {
        const current = state.current;
        if (!current) return 'caught up';
        const index = await current.index.withFold(fold);
        // A full build swapped in meanwhile holds these models already.
        if (state.current === current) state.current = { ...current, index };
        return 'caught up';
      });
    })
    .catch((error: unknown) => logger.error({ err: error }, 'listing index fold failed'))
    .finally(() => {
      state.folding = null;
    });
}

/**
 * The index of the catalogue as it is now (or, while a large catalogue is re-indexed because the change
 * log could not say what changed, as it was; `waitForChanges`: as it is now, at any size, for work that
 * must not miss a new model).
 */
export async function getListingIndex(
  options: { waitForChanges?: boolean } = {},
): Promise<LayeredListingIndex> {
  // Work that must not miss a new model reads the primary, never a replica a moment behind it.
  if (options.waitForChanges && !readsFromPrimary()) return withPrimaryReads(() => getListingIndex(options));
  if (!state.current) await (state.snapshotRead ??= readSnapshot());
  const stampReadAt = Date.now();
  const stamp = await findCatalogueStamp();
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = state.current;
    // At or past the version read: with read replicas (decision 0062) the index may have been built
    // from the primary for a visitor's own write, ahead of the replica this request read.
    if (current && Number(current.stamp) >= Number(stamp)) {
      current.verifiedAt = Math.max(current.verifiedAt, stampReadAt);
      return current.index;
    }
    if (current) {
      const caughtUp = await oneAtATime(() => catchUp(stampReadAt)).catch((error: unknown) => {
        // The version was read a moment ago, so this is likely a passing database error: a search
        // answers from the index it has (the lag metric shows it), work that must not miss a change fails.
        if (options.waitForChanges) throw error;
        logger.error({ err: error }, 'listing index catch-up failed; answering from the index as it is');
        return 'failed' as const;
      });
      if (caughtUp === 'failed') return current.index;
      if (caughtUp === 'caught up') continue;
    }
    const pending = rebuild(stampReadAt);
    if (current && current.index.base.size > rebuildInlineUpTo && !options.waitForChanges) {
      pending.catch((error: unknown) => logger.error({ err: error }, 'listing index rebuild failed'));
      return current.index;
    }
    await pending;
  }
  return state.current!.index;
}

export interface ListingIndexStatus {
  /** Models and distinct words in the index; null before the first build. */
  models: number | null;
  terms: number | null;
  /** The catalogue version the index holds, and the catalogue's version now. */
  indexedVersion: number | null;
  catalogueVersion: number;
  /**
   * 0 when the index holds the catalogue as it is; otherwise seconds since the index was last seen
   * current (the changes it misses are at most that old).
   */
  lagSeconds: number;
  building: boolean;
  lastBuildMs: number | null;
}

/** How big and how fresh the process's listing index is (for /metrics); reads the catalogue's version. */
export async function listingIndexStatus(now = Date.now()): Promise<ListingIndexStatus> {
  const catalogueVersion = Number(await findCatalogueStamp());
  const current = state.current;
  const indexedVersion = current ? Number(current.stamp) : null;
  const fresh = current !== null && indexedVersion === catalogueVersion;
  if (fresh) current.verifiedAt = Math.max(current.verifiedAt, now);
  return {
    models: current?.index.size ?? null,
    terms: current?.index.termCount ?? null,
    indexedVersion,
    catalogueVersion,
    lagSeconds: fresh || !current ? 0 : Math.max(0, (now - current.verifiedAt) / 1000),
    building: state.building !== null,
    lastBuildMs: state.lastBuildMs ?? null,
  };
}
