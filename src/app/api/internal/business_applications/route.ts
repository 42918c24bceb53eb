import { NextResponse } from 'next/server';

import { applyForBusinessAccount } from '@/features/business/server/commands';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** The business account application form: 201 `{ data: { id } }`, or 400 with `fieldErrors`. */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const result = await applyForBusinessAccount(await readJsonBody(request));
    if (!result.ok) {
      return NextResponse.json(
        { error: { code: 'BAD_REQUEST', message: 'Invalid fields', fieldErrors: result.fieldErrors } },
        { status: 400, headers: { 'cache-control': 'no-store' } },
      );
    }
    return jsonData({ id: result.id }, { status: 201 });
  });
}
