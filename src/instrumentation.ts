/**
 * Runs once when the app's server starts, and waits for nothing it starts:
 * - the listing index (decision 0014) starts building at once, so that the first search does not wait;
 * - the background job runner (decision 0018) starts taking queued jobs (mesh analysis), and a second
 *   one runs the saved-search digests (decision 0033), so a digest never waits behind a long analysis;
 *   mesh files analysed before fingerprints were kept are queued for a new analysis (decision 0057);
 *   another makes the demo catalogue's procedural meshes and pictures (issue 28), apart from uploads;
 *   a third settles orders left pending by a crash (decision 0038), once at start and then periodically;
 *   a fourth pays referral rewards hourly as their purchases leave the refund window (decision 0048);
 * - the listing index's gauges join the process's metrics (/metrics, decision 0051).
 */
import type { logger as appLogger } from '@/server/logger';

type Logger = typeof appLogger;

export async function register() {
  // Next.js also compiles this file for the Edge runtime, where NEXT_RUNTIME (set by Next.js, not
  // configuration) lets the bundler drop the Node.js-only imports below.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ getListingIndex }, { registerListingIndexMetrics }, { logger }] = await Promise.all([
    import('@/features/catalog/server/listing-search'),
    import('@/features/catalog/server/listing-index-metrics'),
    import('@/server/logger'),
  ]);
  registerListingIndexMetrics();
  getListingIndex().catch((error: unknown) => logger.error({ err: error }, 'listing index build failed'));
  startBackgroundJobs(logger).catch((error: unknown) =>
    logger.error({ err: error }, 'job runner failed to start'),
  );
}

async function startBackgroundJobs(logger: Logger) {
  const [{ env }, { getDatabase }, { startJobRunner }, { meshAnalysisJob }, meshAnalysis] = await Promise.all(
    [
      import('@/env'),
      import('@/server/db/client'),
      import('@/server/jobs/runner'),
      import('@/server/jobs/kinds'),
      import('@/features/geometry/server/mesh-analysis-job'),
    ],
  );
  if (env.JOB_WORKERS === 0) return;
  const db = await getDatabase();
  const pool = meshAnalysis.createMeshAnalysisPool(env.JOB_WORKERS);
  startJobRunner({
    db,
    concurrency: env.JOB_WORKERS,
    handlers: { [meshAnalysisJob]: meshAnalysis.createMeshAnalysisHandler({ pool, db }) },
  });
  // Files analysed before fingerprints were kept get one now (decision 0057).
  const { queueFingerprintBackfill } = await import('@/features/geometry/server/fingerprint-commands');
  queueFingerprintBackfill(db)
    .then(
      (files) => files > 0 && logger.info({ files }, 'queued the analysis of files without a fingerprint'),
    )
    .catch((error: unknown) => logger.error({ err: error }, 'fingerprint backfill failed'));
  if (env.DEMO_MODEL_WORKERS > 0) {
    const demoModels = await import('@/seed/demo-models/demo-model-job');
    startJobRunner({
      db,
      // One job more than threads: while a job's pictures are encoded and its rows written (in this
      // process), the next one's mesh is already being made, so the threads do not wait.
      concurrency: env.DEMO_MODEL_WORKERS + 1,
      handlers: {
        [demoModels.demoModelJob]: demoModels.createDemoModelHandler({
          pool: demoModels.createDemoModelPool(env.DEMO_MODEL_WORKERS),
          db,
        }),
      },
    });
  }
  const reconciliation = await import('@/payment-reconciliation');
  await reconciliation.scheduleReconciliation(db, new Date());
  startJobRunner({
    db,
    handlers: {
      [reconciliation.paymentReconciliationJob]: reconciliation.createReconciliationHandler({ db }),
    },
  });
  const digest = await import('@/features/saved-searches/server/digest');
  await digest.scheduleNextDigest(db);
  startJobRunner({
    db,
    handlers: { [digest.savedSearchDigestJob]: digest.createSavedSearchDigestHandler({ db }) },
  });
  const [referrals, { referralRulesFromEnv }] = await Promise.all([
    import('@/features/referrals/server/settle-job'),
    import('@/features/referrals/server/rules'),
  ]);
  await referrals.scheduleReferralSettle(db, new Date());
  startJobRunner({
    db,
    handlers: {
      [referrals.referralSettleJob]: referrals.createReferralSettleHandler({
        db,
        rules: referralRulesFromEnv(),
      }),
    },
  });
}
