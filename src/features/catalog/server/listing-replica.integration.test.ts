/**
 * The listing index read from a streaming replica (decision 0062): a model changed on the primary is
 * found through the index within the replica's lag and one rebuild. Runs on the throw-away PostgreSQL
 * cluster (CI's PostgreSQL pass); the embedded database has no replicas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalog } from '@/seed/seed';
import { setReadReplicas } from '@/server/db/read-replicas';

import {
  firstReplicaUsable,
  readsOnReplica,
  replicaStartMs,
  startStreamingReplica,
  throwAwayCluster,
  waitUntil,
  type StreamingReplica,
} from '../../../../tests/fixtures/streaming-replica';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { keywordsFindModels } from './queries';

describe.runIf(throwAwayCluster)('the listing index on a streaming replica', () => {
  let t: TestDatabase;
  let replica: StreamingReplica | undefined;

  beforeAll(async () => {
    t = await createTestDatabase();
    replica = startStreamingReplica(throwAwayCluster!);
    await setReadReplicas({ urls: [replica.urlOf(t.url!)], maxLagMs: 2_000, checkEveryMs: 100 });
  }, 120_000);
  afterAll(async () => {
    await setReadReplicas(null);
    replica?.remove();
    await t.cleanup();
  });

  it('finds a model retitled on the primary through the listing index read from the replica', async () => {
    await seedCatalog(t.handle, { models: 40, filesRoot: t.filesRoot });
    await waitUntil(firstReplicaUsable, replicaStartMs);
    await waitUntil(() => keywordsFindModels('robot OR chair OR vase OR dragon'), 10_000);
    expect(await keywordsFindModels('zanzibarite')).toBe(false);
    await t.handle.query(`UPDATE models SET title = 'Zanzibarite stand', updated_at = now() WHERE id = 7`);
    await waitUntil(() => keywordsFindModels('zanzibarite'), 10_000);
    await waitUntil(firstReplicaUsable, 10_000);
    expect(await readsOnReplica()).toBe(true);
  }, 120_000);
});
