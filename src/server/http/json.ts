/** JSON answers of the internal API: `{ data }` on success, `{ error: { code, message } }` otherwise. */
import { NextResponse } from 'next/server';

import { AppError, errorHeaders } from '@/server/errors';
import { logger } from '@/server/logger';

const noStore = { 'cache-control': 'no-store' };

export function jsonData(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return NextResponse.json(
    { data },
    { status: init.status ?? 200, headers: { ...noStore, ...init.headers } },
  );
}

export function jsonError(error: AppError) {
  return NextResponse.json(
    { error: { code: error.code, message: error.message } },
    { status: error.status, headers: { ...noStore, ...errorHeaders(error) } },
  );
}

/** Runs a handler; an AppError becomes its status, anything else a logged 500. */
export async function handleJson(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) return jsonError(error);
    logger.error({ err: error }, 'Internal API error');
    return jsonError(new AppError('INTERNAL', 'Internal error'));
  }
}

const maxJsonBodyBytes = 16 * 1024;

/** A small JSON request body; anything else (too large, not JSON) is a 400. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > maxJsonBodyBytes) throw new AppError('BAD_REQUEST', 'Request body too large');
  const text = await request.text();
  if (text.length > maxJsonBodyBytes) throw new AppError('BAD_REQUEST', 'Request body too large');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', 'Request body is not valid JSON');
  }
}

/** A form's refusal: 400 with the field errors (keys the form translates) and an optional form error. */
export function jsonFieldErrors(fieldErrors: Record<string, string>, formError?: string) {
  return NextResponse.json(
    { error: { code: 'BAD_REQUEST', message: 'Invalid fields', fieldErrors, formError } },
    { status: 400, headers: noStore },
  );
}
