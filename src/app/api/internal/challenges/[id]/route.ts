import { z } from 'zod';

import { updateChallenge } from '@/features/challenges/server/commands';
import {
  assertChallengeRateLimit,
  handleChallengeJson,
  idOf,
  parseOrFieldErrors,
} from '@/features/challenges/server/http';
import { getChallengeDetail } from '@/features/challenges/server/queries';
import { challengeUpdateSchema } from '@/features/challenges/schemas';
import { locales } from '@/i18n/routing';
import { requireRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { jsonData, readJsonBody } from '@/server/http/json';
import { everyPage, purgeCachedPages } from '@/server/http/page-cache-purge';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };
const localeSchema = z.enum(locales).catch('en');

/**
 * A challenge with its rules and entries (`entryList`: `{ id, username, createdAt, model | render,
 * votes, rank }`); `votes` and `rank` are null until the results are public. `?locale=` for model URLs.
 */
export function GET(request: Request, { params }: Params) {
  return handleChallengeJson(async () => {
    const locale = localeSchema.parse(new URL(request.url).searchParams.get('locale') ?? 'en');
    const detail = await getChallengeDetail(idOf((await params).id), locale);
    if (!detail) throw new AppError('NOT_FOUND', 'No such challenge');
    return jsonData(detail);
  });
}

/** Admin: rewords or reschedules a challenge (the create form's fields without `kind`); never back in time. */
export function POST(request: Request, { params }: Params) {
  return handleChallengeJson(async () => {
    const now = new Date();
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    await assertChallengeRateLimit('admin', admin.id, now);
    const id = idOf((await params).id);
    const parsed = parseOrFieldErrors(challengeUpdateSchema, await readJsonBody(request));
    if ('refused' in parsed) return parsed.refused;
    await updateChallenge(id, parsed.data, now);
    purgeCachedPages(everyPage);
    return jsonData({ id });
  });
}
