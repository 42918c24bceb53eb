/**
 * `npm run bench -- hydration --url http://…[,http://…] [--rounds 7]`: the main-thread work of loading
 * and hydrating the listing, a model page and the search results page (the home page as a reference),
 * in headless Chromium with the CPU slowed down 4× (Lighthouse's mobile factor), on a fresh browser
 * context per load (no cached scripts, as Lighthouse).
 *
 * Lighthouse's TBT swings by a factor of 2–4 between runs on this shared 2-core host (issue 23), so
 * this counts what the renderer did instead of simulating a phone: Chromium's own counters
 * (`Performance.getMetrics` in thread time: ScriptDuration, LayoutDuration, RecalcStyleDuration,
 * TaskDuration) once the page has loaded and gone idle, and
 * the long tasks the page saw (`PerformanceObserver('longtask')`): their blocking time (the part of
 * each over 50 ms, what TBT sums) and their whole duration.
 *
 * Several URLs (comma-separated, e.g. the old build and the new one) are measured interleaved: each
 * round loads every page on every server in turn, so they meet the same load on a shared host. The
 * 1-minute load average before each round is recorded. Medians per server and page.
 */
import os from 'node:os';

import type { Browser } from 'playwright-core';

import { medianOf } from './home-page';
import { pagesOf } from './pages';

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
const log = (message: string) => console.error(`[hydration] ${message}`);

/** The page is idle when no long task has run for this long after the load event. */
const quietMs = 1_500;
const settleTimeoutMs = 20_000;

export interface HydrationRun {
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  taskMs: number;
  blockingMs: number;
  longTaskMs: number;
  longTasks: number;
}

/** Registered before any script of the page: long tasks are not buffered for a late observer. */
const longTaskRecorder = () => {
  const tasks: { start: number; duration: number }[] = [];
  (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
};

async function measureOnce(browser: Browser, url: string): Promise<HydrationRun> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(longTaskRecorder);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForFunction(
      (quiet) => {
        const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] })
          .__longTasks;
        const last = tasks.reduce((end, t) => Math.max(end, t.start + t.duration), 0);
        return performance.now() - last > quiet;
      },
      quietMs,
      { timeout: settleTimeoutMs, polling: 250 },
    );
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    const metric = (name: string) => Math.round((metrics.find((m) => m.name === name)?.value ?? NaN) * 1000);
    const tasks = await page.evaluate(
      () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
    );
    return {
      scriptMs: metric('ScriptDuration'),
      layoutMs: metric('LayoutDuration'),
      styleMs: metric('RecalcStyleDuration'),
      taskMs: metric('TaskDuration'),
      blockingMs: Math.round(tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)),
      longTaskMs: Math.round(tasks.reduce((sum, t) => sum + t.duration, 0)),
      longTasks: tasks.length,
    };
  } finally {
    await context.close();
  }
}

export async function runHydrationBenchmark(bases: string[], rounds: number) {
  const { chromium } = await import('playwright-core');
  const pages = (await pagesOf(bases[0]!)).filter((p) => p.label !== 'designer profile');
  const targets = bases.flatMap((base) =>
    pages.map((p) => ({ base, page: p.label, url: new URL(p.path, base).toString() })),
  );
  const runs = new Map(targets.map((t) => [t.url, [] as HydrationRun[]]));
  const loadBeforeRounds: number[] = [];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromeFlags });
  try {
    // Warm each server's page cache and the browser's own start-up before the first measured load.
    for (const target of targets) {
      await fetch(target.url, { headers: { accept: 'text/html' } }).then((r) => r.text());
      await measureOnce(browser, target.url);
    }
    for (let round = 1; round <= rounds; round++) {
      loadBeforeRounds.push(Math.round(os.loadavg()[0]! * 100) / 100);
      log(`round ${round}/${rounds}, load average ${loadBeforeRounds.at(-1)}`);
      // Alternate which server goes first, so neither always meets the other's aftermath.
      const order = round % 2 ? targets : [...targets].reverse();
      for (const target of order) runs.get(target.url)!.push(await measureOnce(browser, target.url));
    }
  } finally {
    await browser.close();
  }
  const results = targets.map((target) => {
    const perRun = runs.get(target.url)!;
    const median = (key: keyof HydrationRun) => medianOf(perRun.map((r) => r[key]));
    return {
      server: target.base,
      page: target.page,
      url: target.url,
      scriptMs: median('scriptMs'),
      layoutMs: median('layoutMs'),
      styleMs: median('styleMs'),
      taskMs: median('taskMs'),
      blockingMs: median('blockingMs'),
      longTaskMs: median('longTaskMs'),
      runs: perRun,
    };
  });
  const lines = results.map(
    (r) =>
      `${r.page} ${r.url}: script ${r.scriptMs} ms, layout ${r.layoutMs} ms, style ${r.styleMs} ms, tasks ${r.taskMs} ms, long-task blocking ${r.blockingMs} ms, long tasks ${r.longTaskMs} ms (median of ${r.runs.length}; script per run ${r.runs.map((x) => x.scriptMs).join(' ')}; layout per run ${r.runs.map((x) => x.layoutMs).join(' ')}; blocking per run ${r.runs.map((x) => x.blockingMs).join(' ')})`,
  );
  return {
    result: { rounds, cpuThrottling: 4, loadAverageBeforeEachRound: loadBeforeRounds, results },
    lines: [`load average (1 min) before each round: ${loadBeforeRounds.join(', ')}`, ...lines],
    summary: `hydration: ${rounds} interleaved rounds on ${bases.join(' and ')}`,
  };
}
