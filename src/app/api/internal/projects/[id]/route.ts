import { updateProject } from '@/features/freelance/server/project-commands';
import { projectIdParam } from '@/features/freelance/server/project-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/**
 * Changes a project (its owner only; 404 for anyone else); 400 with `formError: 'not_editable'` once
 * an application is accepted or the project is no longer a draft or published.
 */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = projectIdParam((await params).id);
    const result = await updateProject(user, id, (await readJsonBody(request)) as Record<string, unknown>);
    return result.ok ? jsonData({ id }) : jsonFieldErrors(result.fieldErrors, result.formError);
  });
}
