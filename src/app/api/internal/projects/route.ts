import { createProject } from '@/features/freelance/server/project-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/**
 * A new project on the jobs board, as a draft: JSON fields (title, description, budget, deadline,
 * software, skills, fileFormats, referenceLinks, optional designer) → 201 `{ data: { id } }`, or 400
 * with `fieldErrors` / `formError` ('no_custom_requests' when the designer takes none).
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await createProject(user, (await readJsonBody(request)) as Record<string, unknown>);
    return result.ok
      ? jsonData({ id: result.id }, { status: 201 })
      : jsonFieldErrors(result.fieldErrors, result.formError);
  });
}
