import { NextResponse } from 'next/server';

import { subscribeToNewsletter } from '@/features/newsletter/server/commands';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** The footer's subscribe form: 201 `{ data: { subscribed: true } }`, or 400 with `fieldErrors`. */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const result = await subscribeToNewsletter(await readJsonBody(request));
    if (!result.ok) {
      return NextResponse.json(
        { error: { code: 'BAD_REQUEST', message: 'Invalid email', fieldErrors: result.fieldErrors } },
        { status: 400, headers: { 'cache-control': 'no-store' } },
      );
    }
    return jsonData({ subscribed: true }, { status: 201 });
  });
}
