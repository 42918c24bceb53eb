import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';
import { AvatarRefused } from '@/server/images/avatars';

import { insertMember } from '../../../../tests/fixtures/members';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { avatarUploadsPerHour, changeAvatar, removeAvatar } from './avatar-commands';

let t: TestDatabase;
let seller: SessionUser;
let buyer: SessionUser;

beforeAll(async () => {
  t = await createTestDatabase();
  seller = await insertMember(t.handle, 'maker', ['buyer', 'seller']);
  buyer = await insertMember(t.handle, 'shopper', ['buyer']);
});
afterAll(() => t.cleanup());

describe('changeAvatar', () => {
  const png = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  const stored = (key: string, width: number) =>
    fs.existsSync(path.join(env.filesDir, `${key}-${width}.webp`));
  const avatarKey = async (userId: number) =>
    (
      await t.handle.query<{ avatar_key: string | null }>('SELECT avatar_key FROM users WHERE id = $1', [
        userId,
      ])
    )[0]!.avatar_key;

  it('replaces the picture: new files and key, the old files deleted', async () => {
    const first = await changeAvatar(seller, await png());
    expect(await avatarKey(seller.id)).toBe(first);
    expect([64, 160, 320].every((w) => stored(first, w))).toBe(true);
    const second = await changeAvatar(seller, await png());
    expect(second).not.toBe(first);
    expect(stored(first, 160)).toBe(false);
    expect(await avatarKey(seller.id)).toBe(second);
  });

  it('keeps the saved picture when a bad file comes, and leaves no file of it behind', async () => {
    const saved = await avatarKey(seller.id);
    const folder = path.join(env.filesDir, 'avatars/members');
    const filesBefore = fs.readdirSync(folder).sort();
    const error = await changeAvatar(seller, Buffer.from('plain text renamed to photo.png')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AvatarRefused);
    expect((error as AvatarRefused).reason).toBe('avatar_type');
    expect(await avatarKey(seller.id)).toBe(saved);
    expect(fs.readdirSync(folder).sort()).toEqual(filesBefore);
  });

  it('removes the picture (back to initials), and never deletes a shared generated avatar', async () => {
    const saved = (await avatarKey(seller.id))!;
    await removeAvatar(seller);
    expect(await avatarKey(seller.id)).toBeNull();
    expect(stored(saved, 64)).toBe(false);
    await t.handle.query(`UPDATE users SET avatar_key = 'avatars/identicon-3' WHERE id = $1`, [buyer.id]);
    const identicon = path.join(env.filesDir, 'avatars/identicon-3-160.webp');
    fs.mkdirSync(path.dirname(identicon), { recursive: true });
    fs.writeFileSync(identicon, 'shared');
    await changeAvatar(buyer, await png());
    expect(fs.existsSync(identicon)).toBe(true);
  });

  it('allows a limited number of uploads an hour (429 after)', async () => {
    const other = await insertMember(t.handle, 'uploader', ['buyer']);
    const now = new Date('2026-11-25T10:00:00Z');
    const bad = Buffer.from('not a picture');
    for (let i = 0; i < avatarUploadsPerHour; i++) {
      await expect(changeAvatar(other, bad, now)).rejects.toBeInstanceOf(AvatarRefused);
    }
    const error = await changeAvatar(other, bad, now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    // The next hour counts again.
    await expect(changeAvatar(other, bad, new Date('2026-11-25T11:00:01Z'))).rejects.toBeInstanceOf(
      AvatarRefused,
    );
  });
});
