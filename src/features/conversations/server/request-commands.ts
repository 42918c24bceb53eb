/**
 * A buyer's requests to a designer about one model (decision 0037): another file format from the model
 * page (`file_conversion_request`), and feedback on a model they bought (`model_feedback`).
 */
import { parseModelId } from '@/features/catalog/api';

import { missingFormats } from '../file-formats';
import type { SessionUser } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';

import { validateMessageBody } from '../conversation-message';
import { record, sendFirstMessage, type MessageResult } from './commands';
import { buyerOwnsModel } from './offer-repository';
import { selectPublishedModelForRequest } from './repository';

type Options = { now?: Date };

export type ConversionResult =
  MessageResult | { ok: false; fieldErrors: { format: 'required' | 'unavailable' } };

/**
 * `{ format, message }` from the model page: a `file_conversion_request` conversation with the model's
 * designer, one per model and format (the subject names the format). The format must be one the model
 * lacks. NOT_FOUND for an unknown or unpublished model.
 */
export async function requestFileConversion(
  user: SessionUser,
  modelIdInput: unknown,
  input: unknown,
  { now = new Date() }: Options = {},
): Promise<ConversionResult> {
  const modelId = parseModelId(modelIdInput);
  const model = modelId === null ? null : await selectPublishedModelForRequest(modelId);
  if (model === null) throw new AppError('NOT_FOUND', 'No such model');
  if (model.designerId === user.id) return { ok: false, fieldErrors: { recipient: 'self' } };
  const fields = record(input);
  const format = typeof fields.format === 'string' ? fields.format.toLowerCase() : '';
  if (format === '') return { ok: false, fieldErrors: { format: 'required' } };
  if (!missingFormats(model.formats).includes(format))
    return { ok: false, fieldErrors: { format: 'unavailable' } };
  const checked = validateMessageBody(fields.message);
  if (!checked.ok) return { ok: false, fieldErrors: { body: checked.error } };
  return sendFirstMessage(
    user,
    {
      type: 'file_conversion_request',
      subject: `${model.title} → ${format.toUpperCase()}`,
      sameSubject: true,
      modelId: model.id,
      recipientId: model.designerId,
      body: checked.body,
    },
    now,
  );
}

/**
 * `{ message }` from the purchases page: feedback on a model the user bought, in the `model_feedback`
 * conversation of the buyer, the designer and the model. NOT_FOUND unless the user owns the model.
 */
export async function sendModelFeedback(
  user: SessionUser,
  modelIdInput: unknown,
  input: unknown,
  { now = new Date() }: Options = {},
): Promise<MessageResult> {
  const modelId = parseModelId(modelIdInput);
  const model =
    modelId === null ? null : await selectPublishedModelForRequest(modelId, { evenUnpublished: true });
  if (model === null || !(await buyerOwnsModel(await getDb(), user.id, model.id)))
    throw new AppError('NOT_FOUND', 'No such purchase');
  if (model.designerId === user.id) return { ok: false, fieldErrors: { recipient: 'self' } };
  const checked = validateMessageBody(record(input).message);
  if (!checked.ok) return { ok: false, fieldErrors: { body: checked.error } };
  return sendFirstMessage(
    user,
    {
      type: 'model_feedback',
      subject: model.title,
      modelId: model.id,
      recipientId: model.designerId,
      body: checked.body,
    },
    now,
  );
}
