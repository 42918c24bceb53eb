/**
 * The digest's one-click unsubscribe links (decision 0033) carry a kind, an id and an HMAC of both:
 * `s<id>.<sig>` removes one saved search, `a<userId>.<sig>` all of a user's (the List-Unsubscribe
 * header: the whole digest). Whoever has the email may use them without logging in; nobody can make
 * one for another search or user.
 */
import { hasValidSignature, sign } from '@/server/auth/signing';

export type UnsubscribeTarget = { kind: 'search'; id: number } | { kind: 'all'; userId: number };

const prefixes = { search: 's', all: 'a' } as const;
const purpose = (prefix: string, id: number) => `saved-search-unsubscribe:${prefix}${id}`;

export function unsubscribeToken(target: UnsubscribeTarget): string {
  const prefix = prefixes[target.kind];
  const id = target.kind === 'search' ? target.id : target.userId;
  return `${prefix}${id}.${sign(purpose(prefix, id))}`;
}

/** What the token removes, or null for a token that was not made here (or was changed). */
export function unsubscribeTargetOf(token: unknown): UnsubscribeTarget | null {
  if (typeof token !== 'string') return null;
  const match = /^([sa])([1-9]\d{0,9})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, prefix, digits, signature] = match;
  const id = Number(digits);
  if (!Number.isSafeInteger(id) || !hasValidSignature(purpose(prefix!, id), signature!)) return null;
  return prefix === 's' ? { kind: 'search', id } : { kind: 'all', userId: id };
}
