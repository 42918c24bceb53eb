import {
  assertChallengeRateLimit,
  handleChallengeJson,
  idOf,
  parseOrFieldErrors,
} from '@/features/challenges/server/http';
import { castVote } from '@/features/challenges/server/commands';
import { voteSchema } from '@/features/challenges/schemas';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { jsonData, readJsonBody } from '@/server/http/json';

/**
 * The signed-in member's vote (JSON `{ entryId }`) → `{ entryId }`: one per challenge, changed by voting
 * for another entry until the voting ends. 409 `not_voting` outside the voting, 403 `own_entry`, 404
 * for an entry of another challenge, 401 for a guest, 429 past the hourly limit.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleChallengeJson(async () => {
    const now = new Date();
    const user = requireUser(await verifyMutationRequest(request));
    const id = idOf((await params).id);
    await assertChallengeRateLimit('vote', user.id, now);
    const parsed = parseOrFieldErrors(voteSchema, await readJsonBody(request));
    if ('refused' in parsed) return parsed.refused;
    return jsonData(await castVote(user.id, id, parsed.data.entryId, now));
  });
}
