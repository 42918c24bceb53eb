/**
 * Listing-page latency on the configured database (run by `npm run bench -- seed` after seeding):
 * each case's page query repeated, median and 95th percentile in milliseconds.
 */
import { runCli } from '@/server/cli';
import { getCategoryByPath, getModelPage } from '@/features/catalog/server/queries';

const repeats = 40;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

await runCli(async () => {
  const art = await getCategoryByPath('en', 'print', 'art');
  const sculptures = await getCategoryByPath('de', 'print', 'kunst/skulpturen');
  if (!art || !sculptures) throw new Error('the seeded categories are missing');
  const cases = [
    {
      name: 'print models, page 1',
      run: () => getModelPage({ locale: 'en', productType: 'print', page: 1 }),
    },
    {
      name: 'print models, page 400',
      run: () => getModelPage({ locale: 'en', productType: 'print', page: 400 }),
    },
    {
      name: '3D models (de), page 1',
      run: () => getModelPage({ locale: 'de', productType: 'models', page: 1 }),
    },
    {
      name: 'top category art, page 1',
      run: () => getModelPage({ locale: 'en', productType: 'print', category: art, page: 1 }),
    },
    {
      name: 'subcategory art/sculptures (de), page 50',
      run: () => getModelPage({ locale: 'de', productType: 'print', category: sculptures, page: 50 }),
    },
  ];
  const results: Record<string, { p50: number; p95: number }> = {};
  for (const c of cases) {
    await c.run();
    const times: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const started = performance.now();
      const page = await c.run();
      times.push(performance.now() - started);
      if (!page || page.items.length === 0) throw new Error(`${c.name}: no models`);
    }
    times.sort((a, b) => a - b);
    results[c.name] = {
      p50: Math.round(percentile(times, 50) * 10) / 10,
      p95: Math.round(percentile(times, 95) * 10) / 10,
    };
  }
  console.log(JSON.stringify(results));
});
