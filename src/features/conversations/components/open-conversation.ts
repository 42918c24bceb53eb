import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

/** What became of a first message that opens a conversation; on `opened` the conversation is loading. */
export type OpeningOutcome =
  | { kind: 'opened' }
  | { kind: 'rateLimited' }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  | { kind: 'failed' };

/**
 * Posts a message that opens a conversation (a first message to a designer, a request, an offer) and,
 * when the server made the conversation, opens it. `conversationHref` is the conversation page's path
 * with `CONVERSATION_ID` in place of the id.
 */
export async function postOpeningMessage(
  endpoint: string,
  json: Record<string, unknown>,
  conversationHref: string,
  failureLabel: string,
): Promise<OpeningOutcome> {
  try {
    const response = await postToApi(endpoint, { json });
    if (response.status === 429) return { kind: 'rateLimited' };
    if (response.status === 400) {
      const { error } = (await response.json()) as { error?: { fieldErrors?: Record<string, string> } };
      return { kind: 'invalid', fieldErrors: error?.fieldErrors ?? {} };
    }
    if (response.status !== 201) throw new Error(`HTTP ${response.status}`);
    const { data } = (await response.json()) as { data: { conversationId: number } };
    window.location.assign(conversationHref.replace('CONVERSATION_ID', String(data.conversationId)));
    return { kind: 'opened' };
  } catch (failure) {
    reportClientError(failureLabel, failure);
    return { kind: 'failed' };
  }
}
