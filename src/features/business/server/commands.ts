import { locales } from '@/i18n/routing';

import { validateBusinessApplication, type BusinessField, type BusinessFieldError } from '../schemas';
import { insertBusinessApplication } from './repository';

export type ApplyResult =
  { ok: true; id: number } | { ok: false; fieldErrors: Partial<Record<BusinessField, BusinessFieldError>> };

/** Validates and stores a business account application (spec §4: apply leads to a success message). */
export async function applyForBusinessAccount(input: unknown): Promise<ApplyResult> {
  const body = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const checked = validateBusinessApplication(body);
  if (!checked.ok) return checked;
  const locale = locales.find((l) => l === body.locale) ?? 'en';
  return { ok: true, id: await insertBusinessApplication({ ...checked.value, locale }) };
}
