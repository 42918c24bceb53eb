/**
 * The listing index on disk (issue 26 §2, decision 0064), so that an instance starting on a large
 * catalogue searches within seconds: it reads the last snapshot, answers from it, and re-indexes behind
 * it when the catalogue has changed since (as it does for any change, decision 0014).
 *
 * One file: an 8-byte mark, the header's length, the header (JSON: format, the catalogue version the
 * index holds, when it was written, each section's type, place and length, and the SHA-256 of all that
 * follows the header), then the index's arrays, each at a multiple of 8 bytes. Read back, the arrays are
 * views of the file's bytes (no copies). A file that is missing, of another format, cut short or whose
 * hash differs is no snapshot: the caller builds from the database, never answers from a damaged index.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { Bitset } from './bitset';
import { ListingIndex, storedSorts, tokenChunkWords, type IndexData } from './listing-index';

const mark = Buffer.from('MBLIDX\0\x01');
// 2: the sort figures as columns, and the rating mean (decision 0065). 3: the words in chunks no model
// spans (a chunk's tail padded with gaps), and the stored orders without each model's position in them.
const format = 3;
const columnNames = [
  'id',
  'category',
  'rootCategory',
  'designer',
  'finalPrice',
  'polyCount',
  'trending',
  'published',
  'sales',
  'ratingAverage',
  'ratingCount',
] as const;

type SectionType = 'float64' | 'int32' | 'uint32' | 'uint16' | 'uint8';
const typeBytes: Record<SectionType, number> = { float64: 8, int32: 4, uint32: 4, uint16: 2, uint8: 1 };

interface SectionPlace {
  name: string;
  type: SectionType;
  /** From the start of the body, in bytes. */
  offset: number;
  length: number;
}

interface Header {
  format: number;
  /** The database the index was built from (`catalogue_version.database_id`). */
  databaseId: string;
  stamp: string;
  writtenAt: number;
  size: number;
  ratingMean: number;
  bodyBytes: number;
  sha256: string;
  sections: SectionPlace[];
}

/** One array of the body, as the parts it is written from (the postings: one per term, not copied into one). */
interface Section {
  name: string;
  type: SectionType;
  parts: ReadonlyArray<ArrayBufferView & { length: number }>;
  /** The parts' elements together. */
  length: number;
}

export interface ListingSnapshot {
  index: ListingIndex;
  /** The catalogue version the index holds (as `findCatalogueStamp` gives it). */
  stamp: string;
  /** When it was written (ms since the epoch). */
  writtenAt: number;
}

const typeOf = (array: ArrayBufferView): SectionType =>
  array instanceof Float64Array
    ? 'float64'
    : array instanceof Int32Array
      ? 'int32'
      : array instanceof Uint32Array
        ? 'uint32'
        : array instanceof Uint16Array
          ? 'uint16'
          : 'uint8';

function sectionsOf(data: Readonly<IndexData>): Section[] {
  const sections: Section[] = [];
  const addParts = (name: string, type: SectionType, parts: Section['parts']) =>
    sections.push({ name, type, parts, length: parts.reduce((sum, part) => sum + part.length, 0) });
  const add = (name: string, array: Section['parts'][number]) => addParts(name, typeOf(array), [array]);
  for (const name of columnNames) add(`column.${name}`, data.columns[name]);
  add('sortedTerms', data.sortedTerms);
  add('order', data.order);
  add('tokenStart', data.tokenStart);
  addParts('tokens', typeOf(data.tokens[0]!), data.tokens);
  add('pictures.numbers', data.pictures.numbers);
  add('pictures.first', data.pictures.first);
  add('pictures.second', data.pictures.second);
  for (const name of storedSorts) add(`sort.${name}`, data.sortOrders[name]);
  add('terms', new TextEncoder().encode(data.terms.join('\n')));

  // Postings: each term's list of model numbers, or its bitset's words, one after another.
  const kinds = new Uint8Array(data.postings.length);
  const starts = new Int32Array(data.postings.length + 1);
  let total = 0;
  data.postings.forEach((posting, term) => {
    kinds[term] = posting instanceof Bitset ? 1 : 0;
    starts[term] = total;
    total += posting instanceof Bitset ? posting.words.length : posting.length;
  });
  starts[data.postings.length] = total;
  add('postings.kinds', kinds);
  add('postings.starts', starts);
  // Written from the postings themselves: one copy of them all would double their memory while it is
  // written (at 10,000,000 models, hundreds of megabytes).
  addParts(
    'postings.entries',
    'int32',
    data.postings.map((posting) =>
      posting instanceof Bitset
        ? new Int32Array(posting.words.buffer, posting.words.byteOffset, posting.words.length)
        : posting,
    ),
  );

  // Filter values: their keys, and their bitsets' words one after another (all of one length).
  const keys = [...data.values.keys()];
  add('values.keys', new TextEncoder().encode(keys.join('\n')));
  addParts(
    'values.words',
    'uint32',
    keys.map((key) => data.values.get(key)!.words),
  );
  return sections;
}

const bytesOf = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
const padded = (bytes: number) => Math.ceil(bytes / 8) * 8;
const pieceBytes = 8 << 20;

/**
 * The body's bytes as laid out (each section padded to 8 bytes), in pieces of up to 8 MB: small parts
 * are gathered into one piece (one write and one hash update each, not one per term). A piece is only
 * good until the next is asked for.
 */
async function* bodyPieces(sections: Section[]): AsyncGenerator<Uint8Array> {
  const piece = new Uint8Array(pieceBytes);
  let used = 0;
  for (const section of sections) {
    let sectionBytes = 0;
    for (const part of section.parts) {
      const bytes = bytesOf(part);
      sectionBytes += bytes.length;
      for (let at = 0; at < bytes.length;) {
        const take = Math.min(bytes.length - at, piece.length - used);
        piece.set(bytes.subarray(at, at + take), used);
        used += take;
        at += take;
        if (used === piece.length) {
          yield piece;
          used = 0;
        }
      }
    }
    for (let pad = padded(sectionBytes) - sectionBytes; pad > 0; pad--) {
      piece[used++] = 0;
      if (used === piece.length) {
        yield piece;
        used = 0;
      }
    }
  }
  if (used > 0) yield piece.subarray(0, used);
}

/** SHA-256 of the body, a turn of the event loop every 8 MB. */
async function hashOf(sections: Section[]): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of bodyPieces(sections)) {
    hash.update(piece);
    await nextTurn();
  }
  return hash.digest('hex');
}

/**
 * Writes `index` (at catalogue version `stamp`) to `file`, in the background: the event loop turns
 * between pieces. Written beside it and renamed, so a reader never sees half a file.
 */
export async function writeListingSnapshot(
  file: string,
  index: ListingIndex,
  source: { databaseId: string; stamp: string },
): Promise<void> {
  const sections = sectionsOf(index.contents);
  const places: SectionPlace[] = [];
  let offset = 0;
  for (const { name, type, length } of sections) {
    places.push({ name, type, offset, length });
    offset += padded(length * typeBytes[type]);
  }
  const header: Header = {
    format,
    databaseId: source.databaseId,
    stamp: source.stamp,
    writtenAt: Date.now(),
    size: index.size,
    ratingMean: index.contents.ratingMean,
    bodyBytes: offset,
    sha256: await hashOf(sections),
    sections: places,
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  const lead = mark.length + 4 + headerBytes.length;

  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.open(temporary, 'w');
  try {
    await handle.write(Buffer.concat([mark, length, headerBytes, Buffer.alloc(padded(lead) - lead)]));
    for await (const piece of bodyPieces(sections)) await handle.write(piece);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file).catch(async (error: unknown) => {
    await fs.rm(temporary, { force: true });
    throw error;
  });
}

/** Why a snapshot was not used, for the log. */
export class SnapshotRefused extends Error {}

function parseHeader(file: Buffer): { header: Header; bodyStart: number } {
  if (file.length < mark.length + 4 || !file.subarray(0, mark.length).equals(mark))
    throw new SnapshotRefused('not a listing-index snapshot');
  const headerLength = file.readUInt32LE(mark.length);
  const headerEnd = mark.length + 4 + headerLength;
  if (headerEnd > file.length) throw new SnapshotRefused('cut short');
  let header: Header;
  try {
    header = JSON.parse(file.subarray(mark.length + 4, headerEnd).toString('utf8')) as Header;
  } catch {
    throw new SnapshotRefused('unreadable header');
  }
  if (header.format !== format) throw new SnapshotRefused(`format ${header.format}, not ${format}`);
  const bodyStart = padded(headerEnd);
  if (file.length !== bodyStart + header.bodyBytes) throw new SnapshotRefused('cut short or too long');
  return { header, bodyStart };
}

/**
 * The snapshot in `file` of the database `databaseId`, checked; null when there is none. A damaged file,
 * or one of another database, throws `SnapshotRefused` (the caller logs it and builds the index from the
 * database). `'any database'` takes a snapshot whatever database it came from (benchmarks).
 */
export async function readListingSnapshot(
  file: string,
  databaseId: string | 'any database',
): Promise<ListingSnapshot | null> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // Typed arrays need their own alignment: a file read whole starts a buffer of its own, but check.
  if (bytes.byteOffset % 8 !== 0) bytes = Buffer.from(new Uint8Array(bytes));
  const { header, bodyStart } = parseHeader(bytes);
  if (databaseId !== 'any database' && header.databaseId !== databaseId)
    throw new SnapshotRefused('taken from another database');
  const hash = createHash('sha256');
  for (let at = bodyStart; at < bytes.length; at += pieceBytes) {
    hash.update(bytes.subarray(at, Math.min(at + pieceBytes, bytes.length)));
    await nextTurn();
  }
  if (hash.digest('hex') !== header.sha256) throw new SnapshotRefused('its contents do not match its hash');

  const places = new Map(header.sections.map((place) => [place.name, place]));
  const view = (name: string, type?: SectionType) => {
    const place = places.get(name);
    if (!place || (type && place.type !== type)) throw new SnapshotRefused(`no section ${name}`);
    const start = bytes.byteOffset + bodyStart + place.offset;
    if (place.offset + place.length * typeBytes[place.type] > header.bodyBytes)
      throw new SnapshotRefused(`section ${name} out of bounds`);
    switch (place.type) {
      case 'float64':
        return new Float64Array(bytes.buffer, start, place.length);
      case 'int32':
        return new Int32Array(bytes.buffer, start, place.length);
      case 'uint32':
        return new Uint32Array(bytes.buffer, start, place.length);
      case 'uint16':
        return new Uint16Array(bytes.buffer, start, place.length);
      case 'uint8':
        return new Uint8Array(bytes.buffer, start, place.length);
    }
  };
  const int32 = (name: string) => view(name, 'int32') as Int32Array;
  const float64 = (name: string) => view(name, 'float64') as Float64Array;
  const text = (name: string) => new TextDecoder().decode(view(name, 'uint8'));

  const { size } = header;
  const terms = text('terms').split('\n');
  if (terms.length === 1 && terms[0] === '') terms.pop();
  const termIds = new Map<string, number>();
  terms.forEach((term, id) => termIds.set(term, id));

  const kinds = view('postings.kinds', 'uint8');
  const starts = int32('postings.starts');
  const entries = int32('postings.entries');
  if (kinds.length !== terms.length) throw new SnapshotRefused('postings do not match the terms');
  const postings: IndexData['postings'] = [];
  for (let term = 0; term < kinds.length; term++) {
    const list = entries.subarray(starts[term]!, starts[term + 1]!);
    postings.push(
      kinds[term] === 1 ? new Bitset(size, new Uint32Array(list.buffer, list.byteOffset, list.length)) : list,
    );
  }

  const valueKeys = text('values.keys').split('\n');
  const words = view('values.words', 'uint32') as Uint32Array;
  const wordsEach = Bitset.wordsFor(size);
  const values = new Map<string, Bitset>();
  if (valueKeys.length * wordsEach === words.length)
    valueKeys.forEach((key, i) =>
      values.set(key, new Bitset(size, words.subarray(i * wordsEach, (i + 1) * wordsEach))),
    );
  else if (!(valueKeys.length === 1 && valueKeys[0] === '' && words.length === 0))
    throw new SnapshotRefused('filter values do not match their bits');

  const sortOrders = Object.fromEntries(
    storedSorts.map((name) => [name, int32(`sort.${name}`)]),
  ) as IndexData['sortOrders'];
  const columns: IndexData['columns'] = {
    id: int32('column.id'),
    category: int32('column.category'),
    rootCategory: int32('column.rootCategory'),
    designer: int32('column.designer'),
    finalPrice: int32('column.finalPrice'),
    polyCount: int32('column.polyCount'),
    trending: float64('column.trending'),
    published: float64('column.published'),
    sales: int32('column.sales'),
    ratingAverage: float64('column.ratingAverage'),
    ratingCount: int32('column.ratingCount'),
  };
  const allTokens = view('tokens');
  if (!(allTokens instanceof Uint16Array || allTokens instanceof Uint32Array))
    throw new SnapshotRefused('tokens of an unknown width');
  const tokens: IndexData['tokens'] = [];
  for (let at = 0; at === 0 || at < allTokens.length; at += tokenChunkWords)
    tokens.push(allTokens.subarray(at, at + tokenChunkWords));

  const index = new ListingIndex({
    size,
    columns,
    terms,
    termIds,
    sortedTerms: int32('sortedTerms'),
    order: int32('order'),
    tokenStart: int32('tokenStart'),
    tokens,
    pictures: {
      numbers: int32('pictures.numbers'),
      first: int32('pictures.first'),
      second: int32('pictures.second'),
    },
    postings,
    values,
    sortOrders,
    polyRangeSets: new Map(),
    ratingMean: header.ratingMean,
  });
  return { index, stamp: header.stamp, writtenAt: header.writtenAt };
}
