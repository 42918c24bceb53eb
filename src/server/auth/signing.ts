/**
 * HMAC signatures for links that must not be forged or kept (download links). The key is AUTH_SECRET,
 * or one generated at first use and kept in DATA_DIR (set AUTH_SECRET when several instances serve).
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { env } from '@/env';

import { sameSecret } from './tokens';

let key: string | undefined;

function signingKey(): string {
  if (key) return key;
  if (env.AUTH_SECRET) return (key = env.AUTH_SECRET);
  const file = path.join(env.dataDir, 'auth-secret');
  try {
    key = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    const fresh = randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, fresh, { flag: 'wx', mode: 0o600 });
      key = fresh;
    } catch {
      key = fs.readFileSync(file, 'utf8').trim();
    }
  }
  return key;
}

export function sign(value: string): string {
  return createHmac('sha256', signingKey()).update(value).digest('base64url');
}

export function hasValidSignature(value: string, signature: string): boolean {
  return sameSecret(sign(value), signature);
}
