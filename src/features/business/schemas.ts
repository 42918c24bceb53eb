import { isValidEmail } from '@/lib/email';

/** Field error keys, translated by the form (spec §5: 'This field is required', 'Invalid email'). */
export type BusinessFieldError = 'required' | 'invalid_email' | 'too_long';
export const businessFields = ['companyName', 'contactName', 'email'] as const;
export type BusinessField = (typeof businessFields)[number];
export const businessTextMaxLength = 120;

/** Spec §3 "Business account application": company name, your name, email. */
export interface BusinessApplicationInput {
  companyName: string;
  contactName: string;
  email: string;
  locale: string;
}

/**
 * Checks an application (in the browser before sending, and on the server): every field required,
 * names up to 120 characters, a valid email. Returns the trimmed values or the errors per field.
 */
export function validateBusinessApplication(
  input: Record<string, unknown>,
):
  | { ok: true; value: Omit<BusinessApplicationInput, 'locale'> }
  | { ok: false; fieldErrors: Partial<Record<BusinessField, BusinessFieldError>> } {
  const fieldErrors: Partial<Record<BusinessField, BusinessFieldError>> = {};
  const value = Object.fromEntries(
    businessFields.map((field) => [field, typeof input[field] === 'string' ? input[field].trim() : '']),
  ) as Record<BusinessField, string>;
  for (const field of businessFields) {
    if (value[field] === '') fieldErrors[field] = 'required';
    else if (field === 'email' ? !isValidEmail(value[field]) : value[field].length > businessTextMaxLength)
      fieldErrors[field] = field === 'email' ? 'invalid_email' : 'too_long';
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, value };
}
