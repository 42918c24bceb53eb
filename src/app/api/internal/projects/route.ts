import { NextResponse } from 'next/server';

import { createProject, noCustomRequestsMessage } from '@/features/freelance/server/project-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * A new project on the jobs board, as a draft: JSON fields (title, description, budget, deadline,
 * software, skills, fileFormats, referenceLinks, optional designer) → 201 `{ data: { id } }`, or 400
 * with `fieldErrors`; a designer who takes no custom requests → 400 with `formError:
 * 'no_custom_requests'` and the spec's message 'This designer does not accept custom 3D Project requests'.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await createProject(user, (await readJsonBody(request)) as Record<string, unknown>);
    if (result.ok) return jsonData({ id: result.id }, { status: 201 });
    if (result.formError === 'no_custom_requests')
      return NextResponse.json(
        {
          error: {
            code: 'BAD_REQUEST',
            message: noCustomRequestsMessage,
            fieldErrors: {},
            formError: 'no_custom_requests',
          },
        },
        { status: 400, headers: { 'cache-control': 'no-store' } },
      );
    return jsonFieldErrors(result.fieldErrors, result.formError);
  });
}
