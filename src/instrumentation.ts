/**
 * Runs once when the app's server starts: the listing index (decision 0014) starts building at once,
 * in the background, so that the first search does not wait for it. Nothing waits for it here.
 */
export async function register() {
  // Next.js also compiles this file for the Edge runtime, where NEXT_RUNTIME (set by Next.js, not
  // configuration) lets the bundler drop the Node.js-only imports below.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ getListingIndex }, { logger }] = await Promise.all([
    import('@/features/catalog/server/listing-search'),
    import('@/server/logger'),
  ]);
  getListingIndex().catch((error: unknown) => logger.error({ err: error }, 'listing index build failed'));
}
