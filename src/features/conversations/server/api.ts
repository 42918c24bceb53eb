/**
 * What other features may use of conversations on the server (decision 0030): functions that take a transaction
 * handle, and the tables other features read in joins (only conversations writes them).
 */
export { conversationParticipants, conversations, messageAttachments, messages, priceOffers } from './schema';
export {
  acceptedOffersFor,
  markOffersOrdered,
  reopenOffersOfOrder,
  type AcceptedOffer,
} from './offer-repository';
export {
  appendMessage,
  insertConversation,
  insertMessageRow,
  insertParticipants,
  selectAttachedStorageKeys,
  type StoredAttachment,
} from './repository';
