/**
 * A raw upload body (one file per request, `Content-Length` required), read as a stream: the first
 * bytes are available for a content check before anything is stored, and the rest stops at the limit
 * (a client that sends more than it declared, or more than allowed, gets a 413).
 */
import { AppError } from '@/server/errors';

export interface UploadBody {
  /** The first `headBytes` bytes (fewer for a smaller file). */
  head: Uint8Array;
  declaredBytes: number;
  /** The whole body, head included; throws when it is longer than declared or the limit. */
  chunks(): AsyncGenerator<Uint8Array>;
  /** Drops the rest of the body. */
  cancel(): Promise<void>;
}

export function declaredLength(request: Request): number {
  const header = request.headers.get('content-length');
  return header !== null && /^\d+$/.test(header) ? Number(header) : NaN;
}

export async function openUploadBody(
  request: Request,
  options: { maxBytes: number; headBytes: number; tooLarge: string },
): Promise<UploadBody> {
  const declaredBytes = declaredLength(request);
  const limit = Math.min(options.maxBytes, declaredBytes);
  const reader = request.body?.getReader();
  if (!reader) throw new AppError('BAD_REQUEST', 'The upload is empty');
  const buffered: Uint8Array[] = [];
  let received = 0;
  const overLimit = async () => {
    await reader.cancel().catch(() => {});
    return new AppError('PAYLOAD_TOO_LARGE', options.tooLarge);
  };
  while (received < options.headBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered.push(value);
    received += value.length;
    if (received > limit) throw await overLimit();
  }
  const joined = Buffer.concat(buffered);
  return {
    head: new Uint8Array(joined.subarray(0, options.headBytes)),
    declaredBytes,
    async *chunks() {
      let total = received;
      yield new Uint8Array(joined);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.length;
        if (total > limit) throw await overLimit();
        yield value;
      }
      if (total !== declaredBytes) throw new AppError('BAD_REQUEST', 'The upload ended early');
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
