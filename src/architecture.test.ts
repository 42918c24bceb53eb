/**
 * The architecture's rules that ESLint cannot see (decision 0030): every table is written only by the
 * feature that declares it. Other features read it in joins (through its server/api.ts) and change it
 * by calling that feature's functions.
 */
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const featuresDir = path.join(root, 'src/features');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isSchemaFile = (file: string) =>
  /(^|[/-])schema\.ts$/.test(path.basename(file)) && file.includes('/server/');
const featureOf = (file: string) => path.relative(featuresDir, file).split(path.sep)[0]!;

/** Table variable names and SQL names → owning feature, from every feature's schema files. */
function tableOwners(): { byVariable: Map<string, string>; bySqlName: Map<string, string> } {
  const byVariable = new Map<string, string>();
  const bySqlName = new Map<string, string>();
  for (const file of sourceFiles(featuresDir).filter(isSchemaFile)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      byVariable.set(match[1]!, featureOf(file));
      bySqlName.set(match[2]!, featureOf(file));
    }
  }
  return { byVariable, bySqlName };
}

/** Names a file imports from a feature's schema or server/api module, with the module's feature. */
function importedTables(text: string): Map<string, string> {
  const imported = new Map<string, string>();
  for (const match of text.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(@\/features\/([\w-]+)\/[^']+|\.{1,2}\/[^']*)'/g,
  )) {
    for (const name of match[1]!.split(',')) {
      const local = name
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (local) imported.set(local, match[3] ?? '.');
    }
  }
  return imported;
}

export function foreignWrites(): string[] {
  const { byVariable, bySqlName } = tableOwners();
  const found: string[] = [];
  for (const file of sourceFiles(featuresDir)) {
    const feature = featureOf(file);
    const text = fs.readFileSync(file, 'utf8');
    const imported = importedTables(text);
    for (const match of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = match[2]!;
      const owner = byVariable.get(table);
      if (!owner || !imported.has(table) || owner === feature) continue;
      found.push(`${path.relative(root, file)}: ${match[1]} ${table} (owned by ${owner})`);
    }
    // Raw SQL statements too (bulk writes, COPY-era SQL).
    for (const match of text.matchAll(/\b(INSERT INTO|UPDATE|DELETE FROM)\s+(\w+)/g)) {
      const owner = bySqlName.get(match[2]!);
      if (!owner || owner === feature) continue;
      found.push(`${path.relative(root, file)}: ${match[1]} ${match[2]} (owned by ${owner})`);
    }
  }
  return found.sort();
}

describe('table ownership (decision 0030)', () => {
  it('finds the tables and a write into another feature’s table when there is one', () => {
    const { byVariable, bySqlName } = tableOwners();
    expect(byVariable.get('models')).toBe('catalog');
    expect(byVariable.get('orders')).toBe('orders');
    expect(byVariable.get('messages')).toBe('conversations');
    expect(bySqlName.get('message_attachments')).toBe('conversations');
    const probe = importedTables("import { messages } from '@/features/conversations/server/api';");
    expect(probe.get('messages')).toBe('conversations');
  });

  it('every table is written only by the feature that declares it', () => {
    expect(foreignWrites()).toEqual([]);
  });
});
