/**
 * Spec §3 conversation types. `{product}_support` is a conversation with the marketplace's own
 * support team: for us `meshbay_support`.
 */
export const conversationTypes = [
  'personal',
  'offer',
  'meshbay_support',
  'model_support',
  'job_application',
  'file_conversion_request',
  'model_feedback',
  'promotions',
] as const;
export type ConversationType = (typeof conversationTypes)[number];

/**
 * A price offer's life (decision 0037): open → accepted (in the buyer's cart at the offered price) →
 * ordered (back to accepted if the payment fails); open → withdrawn when the designer offers again.
 * Expiry is by time (`expiresAt`), not a status.
 */
export const offerStatuses = ['open', 'accepted', 'ordered', 'withdrawn'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** An offer holds this long after it is made (decision 0037). */
export const offerLifetimeMs = 72 * 3_600_000;

/** Conversations in which a designer may make the other participant an offer. */
export const offerableConversationTypes: readonly ConversationType[] = [
  'personal',
  'offer',
  'model_support',
  'file_conversion_request',
  'model_feedback',
];

/** Conversations whose recipients read but do not answer (decision 0037). */
export const readOnlyConversationTypes: readonly ConversationType[] = ['promotions'];

/**
 * What a message is: plain text, or a step of a freelance project carried in its conversation
 * (a delivery with files, a revision request, the owner's approval), or a line the system writes
 * (an application accepted, a payment made).
 */
export const messageKinds = ['text', 'delivery', 'revision_request', 'approval', 'system'] as const;
export type MessageKind = (typeof messageKinds)[number];

/**
 * A `system` message's body is one of these codes, shown in each reader's language (a stored sentence
 * would be in one language for both participants).
 */
export const systemMessageCodes = [
  'application_accepted',
  'application_declined',
  'dispute_opened',
  'offer_made',
  'offer_accepted',
] as const;
export type SystemMessageCode = (typeof systemMessageCodes)[number];

/** The text a reader sees for a message: a system message's code in their language, else its body. */
export function shownMessageText(
  message: { kind: MessageKind; body: string },
  systemMessages: Readonly<Record<SystemMessageCode, string>>,
): string {
  if (message.kind !== 'system') return message.body;
  return (systemMessageCodes as readonly string[]).includes(message.body)
    ? systemMessages[message.body as SystemMessageCode]
    : message.body;
}
