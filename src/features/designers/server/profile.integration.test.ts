import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SessionUser } from '@/server/auth/session';

import { insertMember } from '../../../../tests/fixtures/members';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { updateProfile } from './profile-commands';
import { countDesigners, findDesignerByUsername, findDesigners, findEditableProfile } from './repository';

let t: TestDatabase;
let seller: SessionUser;
let buyer: SessionUser;

beforeAll(async () => {
  t = await createTestDatabase();
  seller = await insertMember(t.handle, 'maker', ['buyer', 'seller']);
  buyer = await insertMember(t.handle, 'shopper', ['buyer']);
});
afterAll(() => t.cleanup());

const fullInput = {
  displayName: '  Ada   Maker ',
  about: 'I model\r\nfurniture.',
  links: ['example.com/ada', '', 'https://shop.example.org/a?b=1', 'example.com/ada'],
  skills: ['texturing', '3d-modeling'],
  software: ['ZBrush', 'Blender'],
  acceptsCustomRequests: false,
};

describe('updateProfile', () => {
  it('saves a designer’s profile, normalized, and the public profile shows it at once', async () => {
    expect(await updateProfile(seller, fullInput)).toEqual({ ok: true });
    const profile = await findDesignerByUsername('MAKER');
    expect(profile).toMatchObject({
      username: 'maker',
      displayName: 'Ada Maker',
      isDesigner: true,
      about: 'I model\nfurniture.',
      links: ['https://example.com/ada', 'https://shop.example.org/a?b=1'],
      skills: ['3d-modeling', 'texturing'],
      software: ['Blender', 'ZBrush'],
      acceptsCustomRequests: false,
    });
    // Saving again replaces everything (an emptied display name shows the username again).
    expect(
      await updateProfile(seller, { ...fullInput, displayName: ' ', links: [], acceptsCustomRequests: true }),
    ).toEqual({ ok: true });
    expect(await findDesignerByUsername('maker')).toMatchObject({
      displayName: null,
      links: [],
      acceptsCustomRequests: true,
    });
  });

  it('refuses bad fields with their codes and saves nothing', async () => {
    const before = await findEditableProfile(seller.id);
    const result = await updateProfile(seller, {
      displayName: 'x'.repeat(51),
      about: 'y'.repeat(2001),
      links: [
        'javascript:alert(1)',
        'https://ok.example.com',
        'ftp://files.example.com',
        'not a link',
        'https://' + 'a'.repeat(200) + '.com',
      ],
      skills: ['juggling'],
      software: ['Paint'],
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        displayName: 'display_name_long',
        about: 'about_long',
        link0: 'link_invalid',
        link2: 'link_invalid',
        link3: 'link_invalid',
        link4: 'link_long',
        skills: 'invalid_choice',
        software: 'invalid_choice',
      },
    });
    expect(await findEditableProfile(seller.id)).toEqual(before);
    // Not an object at all: a 400, nothing saved.
    await expect(updateProfile(seller, 'nonsense')).rejects.toMatchObject({ status: 400 });
    await expect(updateProfile(seller, [fullInput])).rejects.toMatchObject({ status: 400 });
    expect(await findEditableProfile(seller.id)).toEqual(before);
  });

  it('gives a buyer a public member profile; designer fields stay a designer’s', async () => {
    const before = await findDesignerByUsername('shopper');
    expect(before).toMatchObject({ isDesigner: false, about: '', links: [], acceptsCustomRequests: false });
    expect(await updateProfile(buyer, fullInput)).toEqual({ ok: true });
    const after = await findDesignerByUsername('shopper');
    expect(after).toMatchObject({
      displayName: 'Ada Maker',
      isDesigner: false,
      about: 'I model\nfurniture.',
      links: ['https://example.com/ada', 'https://shop.example.org/a?b=1'],
      skills: [],
      software: [],
      acceptsCustomRequests: false,
    });
    // A member with a profile row is still not listed among the designers.
    expect((await findDesigners(50, 0)).map((d) => d.username)).toEqual(['maker']);
    expect(await countDesigners()).toBe(1);
    expect(await findDesignerByUsername('nobody')).toBeNull();
  });
});

describe('the public profile’s picture', () => {
  it('has the third, larger file for an uploaded avatar only', async () => {
    await t.handle.query(`UPDATE users SET avatar_key = 'avatars/members/1-abcdef123456' WHERE id = $1`, [
      seller.id,
    ]);
    expect((await findDesignerByUsername('maker'))?.avatar).toEqual({
      small: '/files/avatars/members/1-abcdef123456-64.webp',
      large: '/files/avatars/members/1-abcdef123456-160.webp',
      xlarge: '/files/avatars/members/1-abcdef123456-320.webp',
    });
    await t.handle.query(`UPDATE users SET avatar_key = 'avatars/identicon-4' WHERE id = $1`, [seller.id]);
    expect((await findDesignerByUsername('maker'))?.avatar).toEqual({
      small: '/files/avatars/identicon-4-64.webp',
      large: '/files/avatars/identicon-4-160.webp',
    });
  });
});
