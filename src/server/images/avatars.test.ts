import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

import { env } from '@/env';

import { avatarImageOf } from './avatar-image';
import {
  AvatarRefused,
  deleteMemberAvatar,
  maxAvatarBytes,
  memberAvatarWidths,
  renderAvatar,
  storeMemberAvatar,
} from './avatars';

/** A picture whose left half is red and right half blue, in the format asked for. */
async function picture(format: 'jpeg' | 'png' | 'webp', width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const left = await sharp({ create: { width: half, height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();
}

/** A PNG that only declares its size (the header): what a decompression bomb looks like to the checks. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(bytes: Buffer) {
  const error = await renderAvatar(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AvatarRefused);
  return (error as AvatarRefused).reason;
}

describe('renderAvatar', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'crops a %s to a centred square WebP in 64, 160 and 320 px',
    async (format) => {
      const files = await renderAvatar(await picture(format, 900, 300));
      expect(files.map((f) => f.width)).toEqual([...memberAvatarWidths]);
      for (const file of files) {
        const meta = await sharp(file.data).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([file.width, file.width]);
      }
      // The centre 300 × 300 of 900 × 300 straddles the colour border: red on the left, blue on the right.
      const { data, info } = await sharp(files[2]!.data).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
      ];
      expect(pixel(10, 160)[0]).toBeGreaterThan(200);
      expect(pixel(10, 160)[2]).toBeLessThan(60);
      expect(pixel(310, 160)[2]).toBeGreaterThan(200);
      expect(pixel(310, 160)[0]).toBeLessThan(60);
    },
  );

  it('downscales a large photo (4000 × 3000) to the three sizes', async () => {
    const files = await renderAvatar(await picture('jpeg', 4000, 3000));
    expect(files.map((f) => f.width)).toEqual([64, 160, 320]);
    expect(files.every((f) => f.data.length < 30_000)).toBe(true);
  });

  it('refuses a text file named .png, and a PNG whose data is garbage, by their bytes', async () => {
    expect(await refusal(Buffer.from('I am not a picture, only named avatar.png\n'.repeat(20)))).toBe(
      'avatar_type',
    );
    const png = await picture('png', 64, 64);
    const garbage = Buffer.concat([png.subarray(0, 16), Buffer.alloc(400, 7)]);
    expect(await refusal(garbage)).toBe('avatar_type');
    expect(await refusal(Buffer.alloc(0))).toBe('avatar_type');
  });

  it('refuses a GIF or an SVG even though sharp could read them', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await refusal(gif)).toBe('avatar_type');
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'))).toBe(
      'avatar_type',
    );
  });

  it('refuses a picture of too many pixels before decoding it, and a file over the size limit', async () => {
    expect(await refusal(pngDeclaring(20_000, 20_000))).toBe('avatar_dimensions');
    expect(await refusal(Buffer.alloc(maxAvatarBytes + 1, 0xff))).toBe('avatar_too_large');
  });
});

describe('storing and deleting', () => {
  const keys: string[] = [];
  afterAll(async () => {
    for (const key of keys) await deleteMemberAvatar(key);
  });

  it('stores the three files under a new key each time, and deletes only uploaded avatars', async () => {
    const files = await renderAvatar(await picture('png', 200, 200));
    const first = await storeMemberAvatar(42, files);
    const second = await storeMemberAvatar(42, files);
    keys.push(first, second);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^avatars\/members\/42-[0-9a-f]{12}$/);
    for (const width of memberAvatarWidths)
      expect(fs.existsSync(path.join(env.filesDir, `${first}-${width}.webp`))).toBe(true);
    expect(avatarImageOf(first)).toEqual({
      small: `/files/${first}-64.webp`,
      large: `/files/${first}-160.webp`,
      xlarge: `/files/${first}-320.webp`,
    });
    await deleteMemberAvatar(first);
    expect(fs.existsSync(path.join(env.filesDir, `${first}-160.webp`))).toBe(false);
    expect(fs.existsSync(path.join(env.filesDir, `${second}-160.webp`))).toBe(true);

    // A generated avatar is shared by many users: never deleted, and has two sizes.
    const identicon = path.join(env.filesDir, 'avatars/identicon-1-64.webp');
    fs.mkdirSync(path.dirname(identicon), { recursive: true });
    fs.writeFileSync(identicon, 'x');
    await deleteMemberAvatar('avatars/identicon-1');
    expect(fs.existsSync(identicon)).toBe(true);
    expect(avatarImageOf('avatars/identicon-1')).toEqual({
      small: '/files/avatars/identicon-1-64.webp',
      large: '/files/avatars/identicon-1-160.webp',
    });
  });
});
