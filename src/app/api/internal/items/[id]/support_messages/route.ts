import { NextResponse } from 'next/server';

import { sendSupportMessage } from '@/features/support/server/commands';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';
import { clientOf } from '@/server/http/rate-limit';

/**
 * The model page's support form (a message to the model's designer): JSON `{ name, email, message,
 * locale }` → 201 `{ data: { id } }`; 400 with `fieldErrors`; 404 for an unknown model; 429 past the
 * client's limit; 403 without the same-origin CSRF header.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const body = await readJsonBody(request);
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
    const result = await sendSupportMessage(
      { ...fields, modelId: (await params).id },
      { clientIp: clientOf(request) },
    );
    if (!result.ok) {
      return NextResponse.json(
        { error: { code: 'BAD_REQUEST', message: 'Invalid fields', fieldErrors: result.fieldErrors } },
        { status: 400, headers: { 'cache-control': 'no-store' } },
      );
    }
    return jsonData({ id: result.id }, { status: 201 });
  });
}
