/**
 * After `next build`: marks the browser's script chunks with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chromium 136+), so their functions are compiled on the thread that
 * streams the script instead of lazily on the main thread while the page hydrates (decision 0011).
 * The legacy polyfill chunk (loaded only by browsers without modules) is left alone. Idempotent.
 */
import fs from 'node:fs';
import path from 'node:path';

const compileHint = '//# allFunctionsCalledOnLoad\n';

function addCompileHints(nextDir: string): { hinted: number; skipped: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8')) as {
    polyfillFiles?: string[];
  };
  const polyfills = new Set((manifest.polyfillFiles ?? []).map((file) => path.join(nextDir, file)));
  const chunksDir = path.join(nextDir, 'static', 'chunks');
  let hinted = 0;
  let skipped = 0;
  for (const entry of fs.readdirSync(chunksDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (polyfills.has(file)) continue;
    const source = fs.readFileSync(file, 'utf8');
    if (source.startsWith(compileHint)) {
      skipped++;
      continue;
    }
    fs.writeFileSync(file, compileHint + source);
    hinted++;
  }
  return { hinted, skipped };
}

const { hinted, skipped } = addCompileHints(path.resolve(import.meta.dirname, '..', '.next'));
console.log(`compile hints: ${hinted} chunks marked${skipped ? `, ${skipped} already` : ''}`);
