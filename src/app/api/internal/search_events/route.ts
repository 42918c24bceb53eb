import { env } from '@/env';
import { keywordsFindModels } from '@/features/catalog/server/queries';
import { allWordsQuery, isLearnablePhrase } from '@/features/search/learned-phrases';
import { searchEventSchema } from '@/features/search/schemas';
import { recordSearch } from '@/features/search/server/commands';
import { clientGroupOf } from '@/server/http/client-address';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, readJsonBody } from '@/server/http/json';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

/** Search events one address may report per 10 minutes (one per search made, not per key typed). */
const searchEventsPerWindow = 30;
const searchEventWindowMs = 10 * 60_000;

/**
 * The search box reports a search (spec §7 tracking: `{ searchTerm, type: 'model' }`). A short phrase
 * of plain words, every one of which finds models here, counts once a day for the visitor's address;
 * enough distinct addresses make it a suggestion (decision 0039). Anything else is accepted and
 * ignored: always 204, but 429 past 30 reports in 10 minutes from one address.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const address = clientGroupOf(request);
    await assertWithinRateLimit(
      `search_events:${address}`,
      searchEventsPerWindow * env.CLIENT_RATE_LIMIT_FACTOR,
      searchEventWindowMs,
    );
    const event = searchEventSchema.safeParse(await readJsonBody(request));
    const phrase = event.success ? event.data.searchTerm : null;
    if (phrase && isLearnablePhrase(phrase) && (await keywordsFindModels(allWordsQuery(phrase))))
      await recordSearch(phrase, address);
    return new Response(null, { status: 204 });
  });
}
