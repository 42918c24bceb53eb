/** Ids in the applications' and work's JSON routes: a malformed one is a 404, like a missing object. */
import { parseModelId } from '@/features/catalog/api';
import { AppError } from '@/server/errors';

export function workIdParam(value: string | undefined): number {
  const id = parseModelId(value);
  if (id === null) throw new AppError('NOT_FOUND', 'Not found');
  return id;
}
