import { z } from 'zod';

import { createChallenge } from '@/features/challenges/server/commands';
import {
  assertChallengeRateLimit,
  handleChallengeJson,
  parseOrFieldErrors,
} from '@/features/challenges/server/http';
import { listChallenges } from '@/features/challenges/server/queries';
import { challengeFormSchema } from '@/features/challenges/schemas';
import { requireRole } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { jsonData, readJsonBody } from '@/server/http/json';
import { everyPage, purgeCachedPages } from '@/server/http/page-cache-purge';

export const dynamic = 'force-dynamic';

const kindSchema = z.enum(['models', 'renders']).nullable().catch(null);

/**
 * The challenges, running ones first: `{ data: [{ id, kind, title, theme, phase, opensAt, votingAt,
 * resultsAt, prizeCents, entries, winner }] }`; `?kind=models|renders` keeps one kind.
 */
export function GET(request: Request) {
  return handleChallengeJson(async () => {
    const kind = kindSchema.parse(new URL(request.url).searchParams.get('kind'));
    return jsonData(await listChallenges(kind));
  });
}

/** Admin: a new challenge (JSON `{ kind, title, theme, rules, opensAt, votingAt, resultsAt, prize }`) → 201 `{ id }`. */
export function POST(request: Request) {
  return handleChallengeJson(async () => {
    const now = new Date();
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    await assertChallengeRateLimit('admin', admin.id, now);
    const parsed = parseOrFieldErrors(challengeFormSchema, await readJsonBody(request));
    if ('refused' in parsed) return parsed.refused;
    const id = await createChallenge(admin.id, parsed.data, now);
    purgeCachedPages(everyPage);
    return jsonData({ id }, { status: 201 });
  });
}
