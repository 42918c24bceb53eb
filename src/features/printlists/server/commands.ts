/**
 * Printlists' rules (decision 0048): only the owner changes a list (anybody else's, or a private one
 * another user asks for, is "not found"), the limits, and a rate limit on every write.
 */
import { parseModelId } from '@/features/catalog/api';
import type { SessionUser } from '@/server/auth/session';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import {
  maxModelsPerPrintlist,
  maxPrintlistsPerUser,
  printlistFieldsSchema,
  type PrintlistFields,
} from '../api';
import {
  deletePrintlist,
  deletePrintlistItem,
  findPrintlist,
  insertPrintlist,
  insertPrintlistItem,
  isListableModel,
  reorderPrintlistItems,
  updatePrintlist,
  type AddOutcome,
  type PrintlistRow,
} from './repository';

/** Writes a person makes by hand; a script flooding lists is slowed down. */
export const printlistWritesPerHour = 120;

async function assertWriteAllowed(user: SessionUser, now: Date) {
  await assertWithinRateLimit(`printlist_write:user:${user.id}`, printlistWritesPerHour, 3_600_000, now);
}

/** A form's refusal: 400 with the field's error key, which the form translates. */
export class PrintlistFieldsError extends AppError {
  constructor(readonly fieldErrors: Record<string, string>) {
    super('BAD_REQUEST', 'Invalid fields');
  }
}

export function parsePrintlistFields(input: unknown): PrintlistFields {
  const parsed = printlistFieldsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'title');
    fieldErrors[field] ??= issue.message.includes('_') ? issue.message : `${field}_invalid`;
  }
  throw new PrintlistFieldsError(fieldErrors);
}

export function printlistIdOf(raw: unknown): number {
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    throw new AppError('NOT_FOUND', 'No such printlist');
  return id;
}

function modelIdIn(body: unknown): number {
  const id = parseModelId((body as { modelId?: unknown } | null)?.modelId);
  if (id === null) throw new AppError('BAD_REQUEST', 'modelId must be a model id');
  return id;
}

/** A list the viewer may see: a public one, or their own; anything else is "not found". */
export async function visiblePrintlist(id: number, viewerId: number | null): Promise<PrintlistRow> {
  const list = await findPrintlist(id);
  if (!list || (list.visibility !== 'public' && list.ownerId !== viewerId))
    throw new AppError('NOT_FOUND', 'No such printlist');
  return list;
}

/** Makes a list, optionally with a first model (the model page's "new list"). */
export async function createPrintlist(
  user: SessionUser,
  body: unknown,
  now = new Date(),
): Promise<{ id: number; added: AddOutcome | null }> {
  await assertWriteAllowed(user, now);
  const fields = parsePrintlistFields(body);
  const firstModel = (body as { modelId?: unknown } | null)?.modelId;
  const modelId = firstModel === undefined || firstModel === null ? null : modelIdIn(body);
  if (modelId !== null && !(await isListableModel(modelId)))
    throw new AppError('BAD_REQUEST', 'Only published print models can be put in a printlist');
  const id = await insertPrintlist(user.id, fields, maxPrintlistsPerUser, now);
  if (id === null)
    throw new AppError('CONFLICT', `At most ${maxPrintlistsPerUser} printlists; delete one first`);
  const added =
    modelId === null ? null : await insertPrintlistItem(id, user.id, modelId, maxModelsPerPrintlist, now);
  return { id, added };
}

export async function editPrintlist(user: SessionUser, id: number, body: unknown, now = new Date()) {
  await assertWriteAllowed(user, now);
  const fields = parsePrintlistFields(body);
  if (!(await updatePrintlist(id, user.id, fields, now)))
    throw new AppError('NOT_FOUND', 'No such printlist');
}

export async function removePrintlist(user: SessionUser, id: number, now = new Date()) {
  await assertWriteAllowed(user, now);
  if (!(await deletePrintlist(id, user.id))) throw new AppError('NOT_FOUND', 'No such printlist');
}

export async function addToPrintlist(
  user: SessionUser,
  id: number,
  body: unknown,
  now = new Date(),
): Promise<Exclude<AddOutcome, 'not_found' | 'list_full'>> {
  await assertWriteAllowed(user, now);
  const modelId = modelIdIn(body);
  if (!(await isListableModel(modelId)))
    throw new AppError('BAD_REQUEST', 'Only published print models can be put in a printlist');
  const outcome = await insertPrintlistItem(id, user.id, modelId, maxModelsPerPrintlist, now);
  if (outcome === 'not_found') throw new AppError('NOT_FOUND', 'No such printlist');
  if (outcome === 'list_full')
    throw new AppError('CONFLICT', `A printlist holds at most ${maxModelsPerPrintlist} models`);
  return outcome;
}

export async function removeFromPrintlist(user: SessionUser, id: number, body: unknown, now = new Date()) {
  await assertWriteAllowed(user, now);
  if (!(await deletePrintlistItem(id, user.id, modelIdIn(body), now)))
    throw new AppError('NOT_FOUND', 'No such printlist');
}

export async function reorderPrintlist(user: SessionUser, id: number, body: unknown, now = new Date()) {
  await assertWriteAllowed(user, now);
  const raw = (body as { modelIds?: unknown } | null)?.modelIds;
  const modelIds = Array.isArray(raw) ? raw.map((m) => parseModelId(m)) : null;
  if (!modelIds || modelIds.length > maxModelsPerPrintlist || modelIds.some((m) => m === null))
    throw new AppError('BAD_REQUEST', 'modelIds must be the list of model ids in their new order');
  const outcome = await reorderPrintlistItems(id, user.id, modelIds as number[], now);
  if (outcome === 'not_found') throw new AppError('NOT_FOUND', 'No such printlist');
  if (outcome === 'mismatch')
    throw new AppError('CONFLICT', 'The list changed meanwhile: reload it and reorder again');
}
