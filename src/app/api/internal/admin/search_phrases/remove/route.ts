import { z } from 'zod';

import { removeLearnedSearch } from '@/features/search/server/commands';
import { requireRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

const removalSchema = z.object({ keyword: z.string().min(1).max(64) });

/**
 * An admin removes a phrase the search box learned from searches: JSON `{ keyword }` (as the admin
 * page lists it) → `{ data: { removed: true } }`; it is no longer suggested for its searches and never
 * learned again (decision 0039). 400 bad body, 401 guest, 403 not an admin or no CSRF, 404 no such
 * learned phrase.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const body = removalSchema.safeParse(await readJsonBody(request));
    if (!body.success)
      throw new AppError('BAD_REQUEST', 'keyword must be a learned phrase of 1 to 64 characters');
    if (!(await removeLearnedSearch(body.data.keyword, admin.id)))
      throw new AppError('NOT_FOUND', 'No such learned phrase');
    return jsonData({ removed: true });
  });
}
