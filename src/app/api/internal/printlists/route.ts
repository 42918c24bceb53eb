import { printlistsPerPage } from '@/features/printlists/api';
import { createPrintlist } from '@/features/printlists/server/commands';
import {
  findUserIdByUsername,
  getPrintlistsOf,
  getPublicPrintlists,
} from '@/features/printlists/server/queries';
import { requireUser, visitorOfRequest } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';
import { AppError } from '@/server/errors';

import { localeParam, withFieldErrors } from './route-helpers';

/**
 * Printlists (decision 0048): `?page=N` the public lists, newest change first, 24 a page; `?user=name`
 * that user's public lists (all of them for the user themself).
 */
export function GET(request: Request) {
  return handleJson(async () => {
    const url = new URL(request.url);
    const username = url.searchParams.get('user');
    if (username !== null) {
      const ownerId = await findUserIdByUsername(username);
      if (ownerId === null) throw new AppError('NOT_FOUND', 'No such user');
      const viewer = await visitorOfRequest(request);
      return jsonData({ lists: await getPrintlistsOf(localeParam(url), ownerId, viewer?.user?.id ?? null) });
    }
    const rawPage = url.searchParams.get('page') ?? '1';
    const page = /^\d{1,5}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
    const { lists, total } = await getPublicPrintlists(localeParam(url), page);
    return jsonData({ lists, total, page, perPage: printlistsPerPage });
  });
}

/** Makes a printlist: JSON `{ title, description?, visibility, modelId? }` → 201 `{ id }`. */
export function POST(request: Request) {
  return handleJson(() =>
    withFieldErrors(async () => {
      const user = requireUser(await verifyMutationRequest(request));
      const created = await createPrintlist(user, await readJsonBody(request));
      return jsonData(created, { status: 201 });
    }),
  );
}
