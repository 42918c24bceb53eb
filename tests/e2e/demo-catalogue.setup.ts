import { expect, test } from '@playwright/test';

/**
 * Runs before every spec (playwright.config.ts): waits until the background runner has given every
 * demo model its procedural mesh and pictures (issue 28), so the specs see a catalogue that no longer
 * changes under them. Skip it with `--no-deps` when running one spec that does not care.
 */
test('the demo catalogue’s models all have their meshes and pictures', async ({ request }) => {
  test.setTimeout(15 * 60_000);
  await expect
    .poll(
      async () => {
        const metrics = await (await request.get('/metrics')).text();
        const unfinished = [
          ...metrics.matchAll(/^meshbay_job_queue_jobs\{kind="demo_model",state="\w+"\} (\d+)$/gm),
        ];
        return unfinished.length === 0 ? -1 : unfinished.reduce((sum, match) => sum + Number(match[1]), 0);
      },
      { timeout: 15 * 60_000, intervals: [5_000] },
    )
    .toBe(0);
});
