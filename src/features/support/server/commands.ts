import { locales } from '@/i18n/routing';
import { parseModelId } from '@/lib/model-id';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import { validateSupportMessage, type SupportFieldErrors } from '../schemas';
import { findModelDesigner, insertSupportMessage } from './repository';

/** Spec §8 support form: each client may send this many messages per window. */
export const supportMessagesPerWindow = 5;
export const supportMessageWindowMs = 10 * 60_000;

export type SendSupportMessageResult =
  { ok: true; id: number } | { ok: false; fieldErrors: SupportFieldErrors };

/**
 * Sends a visitor's message to the designer of a model (the model page's support form): validates the
 * fields (`{ ok: false, fieldErrors }`), finds the model and its designer (NOT_FOUND when there is no
 * such model), counts the message against the client's limit (RATE_LIMITED past 5 in 10 minutes;
 * refused fields and unknown models do not count) and stores it for the designer.
 */
export async function sendSupportMessage(
  input: unknown,
  { clientIp, now = new Date() }: { clientIp: string; now?: Date },
): Promise<SendSupportMessageResult> {
  const body = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const checked = validateSupportMessage(body);
  if (!checked.ok) return checked;
  const modelId = parseModelId(body.modelId);
  const model = modelId === null ? null : await findModelDesigner(modelId);
  if (modelId === null || model === null) throw new AppError('NOT_FOUND', 'No such model');
  await assertWithinRateLimit(
    `support_message:${clientIp}`,
    supportMessagesPerWindow,
    supportMessageWindowMs,
    now,
  );
  const locale = locales.find((l) => l === body.locale) ?? 'en';
  const id = await insertSupportMessage({
    modelId,
    designerId: model.designerId,
    senderName: checked.value.name,
    senderEmail: checked.value.email,
    body: checked.value.message,
    locale,
  });
  return { ok: true, id };
}
