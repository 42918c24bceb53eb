/**
 * What the browser is sent: zod (108 KB of script) stays out of the pages every visitor opens. It is
 * for the forms of signed-in work (studio, freelance, team invitations), which load it on their own
 * pages. A re-export of a zod module through a feature's api.ts once put it on every catalogue page.
 */
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, 'src', specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** The modules a file loads at run time: type-only imports and re-exports are left out. */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of text.matchAll(
    /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/g,
  )) {
    if (match[1]) continue;
    const names = match[2]!.trim();
    const onlyTypes =
      /^\{[^}]*\}$/.test(names) &&
      names
        .replace(/[{}\s]/g, '')
        .split(',')
        .filter(Boolean)
        .every((name) => name.startsWith('type'));
    if (!onlyTypes) specifiers.push(match[3]!);
  }
  for (const match of text.matchAll(/import\(\s*'([^']+)'\s*\)/g)) specifiers.push(match[1]!);
  return specifiers;
}

/** The chain of files from `start` to one that imports `target`, or null. */
function chainTo(start: string, target: string): string[] | null {
  const parent = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of runtimeImports(file)) {
      if (specifier === target) {
        const chain: string[] = [];
        for (let f: string | null = file; f; f = parent.get(f) ?? null) chain.unshift(path.relative(root, f));
        return chain;
      }
      const next = resolveImport(file, specifier);
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

const clientComponents = sourceFiles(path.join(root, 'src')).filter((file) =>
  /^\s*['"]use client['"]/.test(fs.readFileSync(file, 'utf8')),
);
const zodAllowed = ['src/features/studio/', 'src/features/freelance/', 'src/features/business/'];

describe('client components', () => {
  it('are found', () => {
    expect(clientComponents.length).toBeGreaterThan(50);
  });

  it.each(
    clientComponents
      .map((file) => path.relative(root, file))
      .filter((file) => !zodAllowed.some((prefix) => file.startsWith(prefix))),
  )('%s does not load zod', (file) => {
    const chain = chainTo(path.join(root, file), 'zod');
    expect(chain, chain?.join(' → ')).toBeNull();
  });
});
