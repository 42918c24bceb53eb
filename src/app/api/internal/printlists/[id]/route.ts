import { editPrintlist, printlistIdOf } from '@/features/printlists/server/commands';
import { getPrintlist } from '@/features/printlists/server/queries';
import { requireUser, visitorOfRequest } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

import { localeParam, withFieldErrors } from '../route-helpers';

type Context = { params: Promise<{ id: string }> };

/** A printlist with its models in order: a public one, or the caller's own; else 404. */
export function GET(request: Request, { params }: Context) {
  return handleJson(async () => {
    const id = printlistIdOf((await params).id);
    const viewer = await visitorOfRequest(request);
    const locale = localeParam(new URL(request.url));
    const { list, models } = await getPrintlist(locale, id, viewer?.user?.id ?? null);
    return jsonData({
      id: list.id,
      title: list.title,
      description: list.description,
      visibility: list.visibility,
      owner: list.ownerUsername,
      createdAt: list.createdAt.toISOString(),
      updatedAt: list.updatedAt.toISOString(),
      items: models,
    });
  });
}

/** Changes the owner's list: JSON `{ title, description, visibility }`. */
export function POST(request: Request, { params }: Context) {
  return handleJson(() =>
    withFieldErrors(async () => {
      const user = requireUser(await verifyMutationRequest(request));
      await editPrintlist(user, printlistIdOf((await params).id), await readJsonBody(request));
      return jsonData({ saved: true });
    }),
  );
}
