/**
 * The demo's accounts and coupons (README "Demo accounts"): a buyer and an admin with a known
 * password, and a few coupons. Only the demo seed makes them; a real installation creates its own.
 */
import type { SqlSession } from '@/server/db/client';
import { hashPassword } from '@/server/auth/password';

export const demoPassword = 'demo-password-2026';
export const demoAccounts = [
  { username: 'demo-buyer', email: 'buyer@demo.example', roles: '{buyer}' },
  { username: 'demo-admin', email: 'admin@demo.example', roles: '{buyer,admin}' },
] as const;

const day = 86_400_000;

export async function insertDemoAccountsAndCoupons(handle: SqlSession, now = new Date()): Promise<void> {
  const hash = await hashPassword(demoPassword);
  for (const account of demoAccounts) {
    await handle.query(
      `INSERT INTO users (username, email, roles, password_hash, display_name) VALUES ($1, $2, $3::user_role[], $4, $1)`,
      [account.username, account.email, account.roles, hash],
    );
  }
  const coupons = [
    { code: 'WELCOME10', kind: 'deal', percentOff: 10, days: 90 },
    { code: 'PRINT15', kind: 'deal', percentOff: 15, days: 30 },
    { code: 'ENTERPRISE20', kind: 'enterprise', percentOff: 20, days: 365 },
  ];
  for (const c of coupons) {
    await handle.query(`INSERT INTO coupons (code, kind, percent_off, expires_at) VALUES ($1, $2, $3, $4)`, [
      c.code,
      c.kind,
      c.percentOff,
      new Date(now.getTime() + c.days * day),
    ]);
  }
}
