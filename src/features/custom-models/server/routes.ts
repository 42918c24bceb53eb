/** What the custom-model service's JSON routes share: ids, the signed-in user, the upload answer. */
import { NextResponse } from 'next/server';

import type { SessionUser } from '@/server/auth/session';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

import type { UploadResult } from './commands';

/** An id in a URL: a malformed one is a 404, like a request that does not exist. */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647)
    throw new AppError('NOT_FOUND', 'Not found');
  return Number(value);
}

/** A POST: CSRF, the signed-in user, then the action. */
export function postAction(request: Request, run: (user: SessionUser) => Promise<Response>) {
  return handleJson(async () => run(requireUser(await verifyMutationRequest(request))));
}

const refusalStatus = { type: 415, content: 415, too_large: 413, empty: 400, name: 400, limit: 409 } as const;

/** 201 with the file's id, or the refusal with its status. */
export function uploadAnswer(result: UploadResult): Response {
  if (result.ok) return jsonData({ id: result.id }, { status: 201 });
  return NextResponse.json(
    {
      error: {
        code: 'UPLOAD_REFUSED',
        message: `Upload refused: ${result.refusal}`,
        refusal: result.refusal,
      },
    },
    { status: refusalStatus[result.refusal], headers: { 'cache-control': 'no-store' } },
  );
}
