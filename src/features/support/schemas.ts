import { messageBodyMaxLength, validateMessageBody } from '@/features/conversations/api';

/** Field error keys, translated by the form (spec §8: 'This field is required'). */
export type SupportFieldError = 'required' | 'too_long';
export const supportFields = ['message'] as const;
export type SupportField = (typeof supportFields)[number];
export type SupportFieldErrors = Partial<Record<SupportField, SupportFieldError>>;

/**
 * Spec §5: the message has a maximum length with a remaining-character counter. The message opens
 * (or continues) a `model_support` conversation, so it has a conversation message's limit.
 */
export const supportMessageMaxLength = messageBodyMaxLength;

/** The message a signed-in visitor sends to a model's designer with the model page's support form. */
export interface SupportMessageValue {
  message: string;
}

export type SupportValidation =
  { ok: true; value: SupportMessageValue } | { ok: false; fieldErrors: SupportFieldErrors };

/**
 * Checks a support message (in the browser before sending; the server applies the same conversation
 * rule): required (whitespace only counts as empty), at most 5,000 characters (UTF-16 code units, as
 * the textarea's `maxlength` counts them). Never throws: anything that is not an object, or a message
 * that is not a string, counts as empty. Returns the trimmed message or its error.
 */
export function validateSupportMessage(input: unknown): SupportValidation {
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const checked = validateMessageBody(Object.hasOwn(record, 'message') ? record.message : undefined);
  return checked.ok
    ? { ok: true, value: { message: checked.body } }
    : { ok: false, fieldErrors: { message: checked.error } };
}
