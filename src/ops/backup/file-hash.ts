/** sha256 of files, and copying a file while hashing what was written. */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Copies `source` to `target` (folders made as needed); returns the copied bytes' sha256 and size. */
export async function copyAndHash(
  source: string,
  target: string,
): Promise<{ sha256: string; bytes: number }> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(source), tap, createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    // The target is opened before the source is read: a missing source must not leave an empty copy.
    await fs.rm(target, { force: true });
    throw error;
  }
  return { sha256: hash.digest('hex'), bytes };
}
