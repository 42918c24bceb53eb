/**
 * Finds the published model of another seller that a fingerprint matches (decision 0057). Each
 * instance keeps every stored fingerprint in an in-memory index and, before each lookup, reads only
 * the rows added since (fingerprints are never updated in place: a new analysis stores a new row).
 * The index is a superset: the candidates it gives are read back from the database, which drops those
 * deleted, unpublished or the seller's own, and their full distance decides.
 */
import { getDb } from '@/server/db/client';

import { fingerprintDistance, sameShapeDistance } from '../fingerprint';
import { FingerprintIndex } from '../fingerprint-index';
import { findFingerprintsAfter, findRivalFingerprints } from './fingerprint-repository';

const batch = 20_000;

interface IndexState {
  index: FingerprintIndex;
  lastId: number;
  catchingUp: Promise<void> | null;
}

/** One index per database (tests open several in one process). */
const states = new WeakMap<object, IndexState>();

async function catchUp(state: IndexState): Promise<void> {
  for (;;) {
    const rows = await findFingerprintsAfter(state.lastId, batch);
    for (const row of rows) {
      state.index.add(row.id, row.vector);
      state.lastId = row.id;
    }
    if (rows.length < batch) return;
  }
}

/** The database's index with the fingerprints stored since the last lookup read in (one reader at a time). */
async function currentIndex(): Promise<FingerprintIndex> {
  const db = await getDb();
  let state = states.get(db);
  if (!state) states.set(db, (state = { index: new FingerprintIndex(), lastId: 0, catchingUp: null }));
  while (state.catchingUp) await state.catchingUp;
  const running = catchUp(state).finally(() => {
    state.catchingUp = null;
  });
  state.catchingUp = running;
  await running;
  return state.index;
}

/**
 * The closest published model of a seller other than `sellerId` whose fingerprint lies within the
 * same-shape distance of `vector`, or null.
 */
export async function findStolenModelMatch(
  vector: ArrayLike<number>,
  { modelId, sellerId }: { modelId: number; sellerId: number },
): Promise<{ matchedModelId: number; distance: number } | null> {
  const index = await currentIndex();
  const candidates = index.candidates(vector, sameShapeDistance);
  const rivals = await findRivalFingerprints(candidates, modelId, sellerId);
  let best: { matchedModelId: number; distance: number } | null = null;
  for (const rival of rivals) {
    const distance = fingerprintDistance(vector, rival.vector);
    if (distance <= sameShapeDistance && (!best || distance < best.distance))
      best = { matchedModelId: rival.modelId, distance };
  }
  return best;
}
