/**
 * Reads the real catalogue vocabulary (Thingi10K names, authors, categories, licences, tags) that the
 * demo catalogue is built from. See data/SOURCES.md.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { licenceTypes } from '@/features/catalog/model-attributes';

export interface SourceModel {
  thingId: string;
  name: string;
  author: string;
  date: string;
  category: string;
  subcategory: string;
  licence: (typeof licenceTypes)[number];
  tags: string[];
}

const dataDir = path.resolve(process.cwd(), 'src/seed/data');

/** Splits one CSV line (RFC 4180 quoting). */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

function readCsv(file: string): string[][] {
  const lines = fs.readFileSync(path.join(dataDir, file), 'utf8').split(/\r?\n/).filter(Boolean);
  return lines.slice(1).map(parseCsvLine);
}

/**
 * Thingi10K licences onto the spec's six licence types: commercial use allowed → royalty free; share-alike
 * and software licences carry the author's terms → custom; non-commercial → editorial; no-derivatives
 * additionally forbids AI training → the `_no_ai` variant. Recorded in docs/decisions/0003.
 */
export const licenceMapping: Record<string, SourceModel['licence']> = {
  'Creative Commons - Attribution': 'royalty_free',
  'Public Domain': 'royalty_free',
  'Creative Commons - Public Domain Dedication': 'royalty_free',
  'Creative Commons - Attribution - Share Alike': 'custom',
  'GNU - GPL': 'custom',
  'GNU - LGPL': 'custom',
  'BSD License': 'custom',
  'Creative Commons - Attribution - No Derivatives': 'custom_no_ai',
  'Creative Commons - Attribution - Non-Commercial': 'editorial_royalty_free',
  'Attribution - Non-Commercial - Share Alike': 'editorial_royalty_free',
  'Attribution - Non-Commercial - No Derivatives': 'editorial_no_ai',
  unknown_license: 'royalty_free_no_ai',
};

/** The named entities Thingi10K's names use (the rest are numeric, `&#039;`). */
const namedEntities: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  euro: '€',
  tilde: '˜',
  sup2: '²',
  shy: '\u00ad',
  mdash: '—',
  agrave: 'à',
  atilde: 'ã',
  Atilde: 'Ã',
  Acirc: 'Â',
  eacute: 'é',
  ouml: 'ö',
};

/** Thingi10K's names are HTML-escaped (`1980&#039;s`): the catalogue keeps the text itself. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z][a-z\d]{1,8}));/gi, (entity, dec, hex, name) => {
    const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : null;
    if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    return namedEntities[name as string] ?? entity;
  });
}

let cached: SourceModel[] | undefined;

export function loadSourceModels(): SourceModel[] {
  if (cached) return cached;
  const tagsById = new Map<string, string[]>();
  for (const [id, tag] of readCsv('tag_data.csv')) {
    const clean = tag?.trim().toLowerCase();
    if (!id || !clean) continue;
    const list = tagsById.get(id) ?? [];
    if (!list.includes(clean) && list.length < 12) list.push(clean);
    tagsById.set(id, list);
  }
  cached = readCsv('contextual_data.csv').map(
    ([thingId = '', date = '', category = '', subcategory = '', name = '', author = '', licence = '']) => ({
      thingId,
      name: decodeEntities(name).trim().replace(/\s+/g, ' '),
      author: author.trim(),
      date,
      category: category === 'None' ? '' : category,
      subcategory: subcategory === 'None' ? '' : subcategory,
      licence: licenceMapping[licence] ?? 'royalty_free_no_ai',
      tags: tagsById.get(thingId) ?? [],
    }),
  );
  return cached;
}

export function loadTagVocabulary(): string[] {
  const set = new Set<string>();
  for (const model of loadSourceModels()) for (const tag of model.tags) set.add(tag);
  return [...set].sort();
}
