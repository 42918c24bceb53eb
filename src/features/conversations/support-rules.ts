/** The support form's and the promotions form's rules (decision 0037), shared by forms and server. */

export const subjectMaxLength = 120;
export type SubjectError = 'required' | 'too_long';

export function checkSubject(
  input: unknown,
): { ok: true; value: string } | { ok: false; error: SubjectError } {
  const value = typeof input === 'string' ? input.trim().replace(/\s+/g, ' ') : '';
  if (value === '') return { ok: false, error: 'required' };
  if ([...value].length > subjectMaxLength) return { ok: false, error: 'too_long' };
  return { ok: true, value };
}

/** Who a promotion goes to: everyone, or the users with one role. */
export const promotionGroups = ['everyone', 'buyer', 'seller', 'business_member'] as const;
export type PromotionGroup = (typeof promotionGroups)[number];
