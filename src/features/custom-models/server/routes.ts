/** What the custom-model service's JSON routes share: ids, the signed-in user, the upload answer. */
import type { SessionUser } from '@/server/auth/session';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';
import { uploadRefused } from '@/server/http/upload-refusal';

import { parseCustomModelId } from '../request-id';
import type { UploadResult } from './upload-commands';

/** An id in a URL: a malformed one is a 404, like a request that does not exist. */
export function idParam(value: string | undefined): number {
  const id = parseCustomModelId(value);
  if (id === null) throw new AppError('NOT_FOUND', 'Not found');
  return id;
}

/** A POST: CSRF, the signed-in user, then the action. */
export function postAction(request: Request, run: (user: SessionUser) => Promise<Response>) {
  return handleJson(async () => run(requireUser(await verifyMutationRequest(request))));
}

/** 201 with the file's id, or the refusal with its status. */
export function uploadAnswer(result: UploadResult): Response {
  if (result.ok) return jsonData({ id: result.id }, { status: 201 });
  return uploadRefused(result.refusal);
}
