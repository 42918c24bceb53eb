import { isValidEmail } from '@/lib/email';

/** Field error keys, translated by the form (spec §8: 'This field is required', 'Invalid email'). */
export type SupportFieldError = 'required' | 'invalid_email' | 'too_long';
export const supportFields = ['name', 'email', 'message'] as const;
export type SupportField = (typeof supportFields)[number];
export type SupportFieldErrors = Partial<Record<SupportField, SupportFieldError>>;

export const supportNameMaxLength = 80;
/** Spec §5: the message has a maximum length with a remaining-character counter. */
export const supportMessageMaxLength = 2000;
export const supportEmailMaxLength = 254;

/** The message a visitor sends to a model's designer with the model page's support form. */
export interface SupportMessageValue {
  name: string;
  email: string;
  message: string;
}

export type SupportValidation =
  { ok: true; value: SupportMessageValue } | { ok: false; fieldErrors: SupportFieldErrors };

const maxLengths: Record<SupportField, number> = {
  name: supportNameMaxLength,
  email: supportEmailMaxLength,
  message: supportMessageMaxLength,
};

/**
 * Checks a support message (in the browser before sending, and on the server): every field required
 * (whitespace only counts as empty), a name up to 80 characters, a valid email, a message up to 2,000
 * characters (UTF-16 code units, as the textarea's `maxlength` counts them). Never throws: anything
 * that is not an object, and any field that is not a string, counts as empty. Returns the trimmed
 * values or the error of each field.
 */
export function validateSupportMessage(input: unknown): SupportValidation {
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const fieldErrors: SupportFieldErrors = {};
  const value = {} as SupportMessageValue;
  for (const field of supportFields) {
    const raw = Object.hasOwn(record, field) ? record[field] : undefined;
    const text = typeof raw === 'string' ? raw.trim() : '';
    value[field] = text;
    if (text === '') fieldErrors[field] = 'required';
    else if (field === 'email') {
      if (!isValidEmail(text)) fieldErrors[field] = 'invalid_email';
    } else if (text.length > maxLengths[field]) fieldErrors[field] = 'too_long';
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, value };
}
