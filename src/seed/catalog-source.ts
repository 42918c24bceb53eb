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

/** Windows-1252's characters in the bytes 0x80–0x9f (Latin-1 has controls there). */
const windows1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Some Thingi10K names are UTF-8 that was read as Windows-1252 before being escaped ("MatÃ­as",
 * "Soldã€€Holder"): their characters are the bytes of the real text. Such a name is read as UTF-8 once
 * more ("Matías", "Sold\u3000Holder"); any other text (plain ASCII, a genuine "Café") stays as it is.
 */
export function repairMojibake(text: string): string {
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const high = windows1252High.indexOf(char);
    if (high >= 0) bytes.push(0x80 + high);
    else if (code <= 0xff) bytes.push(code);
    else return text;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return text;
  }
}

/** A source name as the catalogue shows it: entities decoded, mis-read UTF-8 read again, spaces folded. */
export function cleanSourceName(raw: string): string {
  return repairMojibake(decodeEntities(raw)).trim().replace(/\s+/g, ' ');
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
      name: cleanSourceName(name),
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
