import {
  businessApplicationSchema,
  businessFields,
  type BusinessField,
  type BusinessFieldError,
} from '../schemas';
import { insertBusinessApplication } from './repository';

export type ApplyResult =
  { ok: true; id: number } | { ok: false; fieldErrors: Partial<Record<BusinessField, BusinessFieldError>> };

/** Validates and stores a business account application (spec §4: apply leads to a success message). */
export async function applyForBusinessAccount(input: unknown): Promise<ApplyResult> {
  const parsed = businessApplicationSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<BusinessField, BusinessFieldError>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as BusinessField;
      if (businessFields.includes(field) && !fieldErrors[field]) {
        fieldErrors[field] =
          (['required', 'invalid_email', 'too_long'] as const).find((k) => k === issue.message) ?? 'required';
      }
    }
    return { ok: false, fieldErrors };
  }
  return { ok: true, id: await insertBusinessApplication(parsed.data) };
}
