/**
 * After `next build`: compiles the custom server (src/server/main.ts and what it imports from src/)
 * into plain JavaScript in `.next/marketplace-server/`, which `npm run serve` runs with node alone.
 * Through tsx every module the process loads — Next's own and the app's server chunks included — passed
 * tsx's loader hooks: a third of the CPU time of a start (decision 0001). npm packages stay imports, and
 * the dynamic imports stay separate chunks, so that what main.ts loads late is still loaded late.
 */
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir: '.next/marketplace-server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
});
