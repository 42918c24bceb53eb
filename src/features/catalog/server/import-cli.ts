/**
 * `npm run catalog:import -- FILE.jsonl`: imports a catalogue (schema in the README). Prints each
 * rejected line's number and reason. Exit status: 0 all lines imported, 2 some lines rejected,
 * 1 the import could not run.
 */
import { runCli } from '@/server/cli';

import { importCatalog } from './import';

await runCli(async () => {
  const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!file) throw new Error('usage: npm run catalog:import -- FILE.jsonl');
  const fs = await import('node:fs');
  if (!fs.existsSync(file)) throw new Error(`no such file: ${file}`);
  const started = Date.now();
  let lastProgress = 0;
  const report = await importCatalog(file, {
    onRejected: (line, reason) => console.log(`line ${line}: ${reason}`),
    onProgress: (r) => {
      if (Date.now() - lastProgress < 2000) return;
      lastProgress = Date.now();
      console.error(
        `  ${r.lines.toLocaleString('en-US')} lines read, ${(r.imported + r.unchanged).toLocaleString('en-US')} imported, ${r.rejectedCount.toLocaleString('en-US')} rejected`,
      );
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Read ${report.lines.toLocaleString('en-US')} lines in ${seconds} s: ${report.imported.toLocaleString('en-US')} new or changed, ${report.unchanged.toLocaleString('en-US')} unchanged, ${report.rejectedCount.toLocaleString('en-US')} rejected.`,
  );
  return report.rejectedCount > 0 ? 2 : 0;
});
