import { keywordsFindModels } from '@/features/catalog/server/queries';
import { searchEventSchema } from '@/features/search/schemas';
import { recordSearch } from '@/features/search/server/commands';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, readJsonBody } from '@/server/http/json';

/**
 * The search box reports a search (spec §7 tracking: `{ searchTerm, type: 'model' }`). Plain words that
 * find models are learned as suggestions; anything else is accepted and ignored. Always 204.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const event = searchEventSchema.safeParse(await readJsonBody(request));
    if (event.success && (await keywordsFindModels(event.data.searchTerm)))
      await recordSearch(event.data.searchTerm);
    return new Response(null, { status: 204 });
  });
}
