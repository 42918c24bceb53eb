/** Ids in the jobs board's JSON routes: a malformed one is a 404, like a project that does not exist. */
import { parseModelId } from '@/features/catalog/api';
import { AppError } from '@/server/errors';

export function projectIdParam(value: string | undefined): number {
  const id = parseModelId(value);
  if (id === null) throw new AppError('NOT_FOUND', 'Not found');
  return id;
}

export function imagePositionParam(value: string | undefined): number {
  if (!value || !/^\d{1,2}$/.test(value)) throw new AppError('NOT_FOUND', 'Not found');
  return Number(value);
}
