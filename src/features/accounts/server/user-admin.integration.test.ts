import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { changeUserRole, listUsers } from './user-admin';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  for (let i = 0; i < 30; i += 1)
    await t.handle.query(`INSERT INTO users (username, email) VALUES ($1, $2)`, [
      `user${String(i).padStart(2, '0')}`,
      `person${i}@example.com`,
    ]);
  await t.handle.query(
    `INSERT INTO users (username, email, roles) VALUES ('boss', 'boss@corp.example', '{buyer,admin}')`,
  );
});
afterAll(() => t.cleanup());

const idOf = async (username: string) =>
  (await t.handle.query<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [username]))[0]!.id;

describe('admin: users', () => {
  it('searches by username or email, any case, in pages of 25', async () => {
    const first = await listUsers({ query: '', page: 1 });
    expect(first.total).toBe(31);
    expect(first.items).toHaveLength(25);
    expect(first.pages).toBe(2);
    expect((await listUsers({ query: '', page: 2 })).items).toHaveLength(6);
    expect((await listUsers({ query: 'USER1', page: 1 })).items.map((u) => u.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `user1${i}`),
    );
    expect((await listUsers({ query: 'corp.EXAMPLE', page: 1 })).items).toMatchObject([
      { username: 'boss', roles: ['buyer', 'admin'] },
    ]);
    // LIKE wildcards are literal.
    expect((await listUsers({ query: '%', page: 1 })).total).toBe(0);
  });

  it('grants and revokes seller and admin; never your own admin role', async () => {
    const boss = await idOf('boss');
    const user = await idOf('user01');
    expect(await changeUserRole(boss, user, { role: 'seller', grant: true })).toEqual({
      roles: ['buyer', 'seller'],
    });
    expect(await changeUserRole(boss, user, { role: 'seller', grant: true })).toEqual({
      roles: ['buyer', 'seller'],
    });
    expect(await changeUserRole(boss, user, { role: 'admin', grant: true })).toEqual({
      roles: ['buyer', 'seller', 'admin'],
    });
    expect(await changeUserRole(boss, user, { role: 'seller', grant: false })).toEqual({
      roles: ['buyer', 'admin'],
    });
    await expect(changeUserRole(boss, boss, { role: 'admin', grant: false })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Another admin may.
    expect(await changeUserRole(user, boss, { role: 'admin', grant: false })).toEqual({ roles: ['buyer'] });
    await expect(changeUserRole(boss, user, { role: 'business_member', grant: true })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(changeUserRole(boss, 999_999, { role: 'seller', grant: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
