/**
 * Invite a friend (issue 25, decision 0048): the rules of a referral, on the server and in the browser.
 * A friend who signs up through a member's link and whose first purchase can no longer be refunded
 * earns both of them a credit reward, once.
 */

/** The cookie the referral link sets and the sign-up reads (30 days, like most marketplaces' links). */
export const referralCookieName = 'referral';
export const referralCookieMaxAgeSeconds = 30 * 86_400;

/** The referral cookie, set by the link (a code) or cleared after the sign-up used it (null). */
export function referralCookie(code: string | null): string {
  return `${referralCookieName}=${code ?? ''}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${code ? referralCookieMaxAgeSeconds : 0}`;
}

/** A referral code: 10 characters of an alphabet without look-alikes (no 0/O, 1/l/I). */
export const referralCodePattern = /^[23456789abcdefghjkmnpqrstuvwxyz]{10}$/;

export function isReferralCode(value: unknown): value is string {
  return typeof value === 'string' && referralCodePattern.test(value);
}

/** Why a sign-up through a link earns nothing: the friend is the inviter under another name. */
export const refusalReasons = ['same_address', 'same_card'] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export type ReferralState = 'signed_up' | 'purchased' | 'rewarded' | 'refused';

/**
 * An address reduced to its mailbox: case, a `+tag`, and (for Gmail, which ignores them) dots do not
 * make a second person.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email.trim().toLowerCase();
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (domain === 'googlemail.com') domain = 'gmail.com';
  local = local.split('+')[0] ?? local;
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** A referral as its row keeps it. */
export interface ReferralFacts {
  refusedReason: RefusalReason | null;
  /** When the friend's first purchase that still counts was paid; null: none yet. */
  purchasedAt: Date | null;
  rewardedAt: Date | null;
}

/** Where a referral stands. Pure: the clock is not needed, the facts say it all. */
export function referralStateOf(facts: ReferralFacts): ReferralState {
  if (facts.refusedReason !== null) return 'refused';
  if (facts.rewardedAt !== null) return 'rewarded';
  return facts.purchasedAt !== null ? 'purchased' : 'signed_up';
}

/** When a purchase paid at `paidAt` can no longer be refunded, so its rewards are due. */
export function rewardDueAt(paidAt: Date, refundWindowDays: number): Date {
  return new Date(paidAt.getTime() + refundWindowDays * 86_400_000);
}
