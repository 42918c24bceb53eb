import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run','--disable-sync'] });
const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
const a = r.lhr.audits;
console.log(url, 'perf', Math.round(r.lhr.categories.performance.score*100), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), 'TBT', Math.round(a['total-blocking-time'].numericValue), 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'SI', Math.round(a['speed-index'].numericValue));
for (const id of ['long-tasks','bootup-time','largest-contentful-paint-element','mainthread-work-breakdown']) {
  const items = a[id]?.details?.items ?? [];
  console.log('==', id);
  for (const it of items.slice(0, 10)) console.log(' ', JSON.stringify(it.items ?? it).slice(0, 400));
}
await chrome.kill();
