/** The answer to a refused upload (one file per request), refused before anything is stored. */
import { NextResponse } from 'next/server';

const refusalStatus = {
  type: 415,
  content: 415,
  too_large: 413,
  empty: 400,
  name: 400,
  limit: 409,
  not_editable: 409,
} as const;

/** Why an upload is refused; the client shows its own text for each. */
export type UploadRefusalReason = keyof typeof refusalStatus;

/** The refusal's status (415 type/content, 413 too large, 400 name/empty, 409 limit/not editable). */
export function uploadRefused(refusal: UploadRefusalReason): Response {
  return NextResponse.json(
    { error: { code: 'UPLOAD_REFUSED', message: `Upload refused: ${refusal}`, refusal } },
    { status: refusalStatus[refusal], headers: { 'cache-control': 'no-store' } },
  );
}
