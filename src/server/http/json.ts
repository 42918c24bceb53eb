/** JSON answers of the internal API: `{ data }` on success, `{ error: { code, message } }` otherwise. */
import { NextResponse } from 'next/server';

import { firstUnstorableTextPath } from '@/lib/control-characters';
import { AppError, errorHeaders } from '@/server/errors';
import { logger } from '@/server/logger';

const noStore = { 'cache-control': 'no-store' };

export function jsonData(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return NextResponse.json(
    { data },
    { status: init.status ?? 200, headers: { ...noStore, ...init.headers } },
  );
}

/** A request whose text holds control characters (decision 0040): a 400 naming the field. */
export class UnstorableTextError extends AppError {
  constructor(readonly field: string) {
    super(
      'BAD_REQUEST',
      `"${field}" contains control characters (such as NUL); text may hold only printable characters, tabs and line breaks`,
    );
  }
}

/** The field error code of `UnstorableTextError`, for forms that show it. */
export const controlCharactersFieldError = 'control_characters';

export function jsonError(error: AppError) {
  const fieldErrors =
    error instanceof UnstorableTextError ? { [error.field]: controlCharactersFieldError } : undefined;
  return NextResponse.json(
    { error: { code: error.code, message: error.message, ...(fieldErrors && { fieldErrors }) } },
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

/**
 * A small JSON request body; anything else (too large, not JSON, text with control characters in any
 * string or key) is a 400. Every JSON route reads its body here: the one check keeps NUL bytes, which
 * PostgreSQL refuses, and other invisible controls out of every table (decision 0040).
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > maxJsonBodyBytes) throw new AppError('BAD_REQUEST', 'Request body too large');
  const text = await request.text();
  if (text.length > maxJsonBodyBytes) throw new AppError('BAD_REQUEST', 'Request body too large');
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', 'Request body is not valid JSON');
  }
  const unstorable = firstUnstorableTextPath(body);
  if (unstorable !== null) throw new UnstorableTextError(unstorable);
  return body;
}

/** A form's refusal: 400 with the field errors (keys the form translates) and an optional form error. */
export function jsonFieldErrors(fieldErrors: Record<string, string>, formError?: string) {
  return NextResponse.json(
    { error: { code: 'BAD_REQUEST', message: 'Invalid fields', fieldErrors, formError } },
    { status: 400, headers: noStore },
  );
}
