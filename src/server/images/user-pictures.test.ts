import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

import { deleteUserPicture, storeUserPicture, UserPictureRefused, userPictureSrcSet } from './user-pictures';

const root = await mkdtemp(join(tmpdir(), 'user-pictures-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('storeUserPicture', () => {
  it('stores an upright WebP in three widths, aspect kept, without its metadata', async () => {
    const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'camera owner' } } })
      .toBuffer();
    const stored = await storeUserPicture('makes', photo, root);
    // Orientation 6 turns it upright: 1000 × 2000, shrunk to fit 1440 wide and 2880 high.
    expect([stored.width, stored.height]).toEqual([1000, 2000]);
    const files = (await readdir(join(root, 'pictures', 'makes'))).sort();
    expect(files).toHaveLength(3);
    const largest = await sharp(join(root, `${stored.key}-1440.webp`)).metadata();
    expect([largest.format, largest.width, largest.height, largest.exif]).toEqual(['webp', 1000, 2000, undefined]);
    const small = await sharp(join(root, `${stored.key}-360.webp`)).metadata();
    expect([small.width, small.height]).toEqual([360, 720]);
    expect(userPictureSrcSet(stored.key)).toContain(`/files/${stored.key}-720.webp 720w`);
    await deleteUserPicture(stored.key, root);
    expect(await readdir(join(root, 'pictures', 'makes'))).toEqual([]);
    expect(stored.key).toMatch(/^pictures\/makes\/[0-9a-f]{18}$/);
  });

  it('refuses a disguised file, a huge picture and a file over the size limit', async () => {
    const refusal = (bytes: Buffer) =>
      storeUserPicture('makes', bytes, root).then(
        () => 'stored',
        (error: unknown) => (error instanceof UserPictureRefused ? error.reason : String(error)),
      );
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('picture_type');
    const truncated = (await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } }).png().toBuffer()).subarray(0, 40);
    expect(await refusal(truncated)).toBe('picture_type');
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(await refusal(bomb)).toBe('picture_dimensions');
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(16 * 1024 * 1024)]);
    expect(await refusal(big)).toBe('picture_too_large');
  });
});
