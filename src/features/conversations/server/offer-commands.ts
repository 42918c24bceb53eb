/**
 * Price offers (decision 0037): a designer offers one of their models at a price to the other person
 * of a conversation; the offer lives in an `offer` conversation of the two about that model; the buyer
 * accepts it, which puts the model in their cart at the offered price until the offer expires.
 */
import { putInCart } from '@/features/cart/server/api';
import { parseModelId } from '@/features/catalog/api';
import type { SessionUser } from '@/server/auth/session';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

import { validateMessageBody, type MessageBodyError } from '../conversation-message';
import { offerLifetimeMs, offerableConversationTypes, type SystemMessageCode } from '../conversation-types';
import { checkOfferPrice, offersPerHour, type OfferPriceError } from '../offer-rules';
import { parseId } from '../schemas';
import { record } from './commands';
import {
  buyerOwnsModel,
  insertOffer,
  lockOffer,
  selectLiveOffer,
  selectOwnOfferableModel,
  setOfferAccepted,
} from './offer-repository';
import {
  appendMessage,
  findOrCreatePairConversation,
  insertMessageIn,
  selectConversationFor,
} from './repository';

export type OfferFieldErrors = {
  model?: 'required' | 'unknown';
  price?: OfferPriceError;
  note?: MessageBodyError;
  buyer?: 'purchased' | 'accepted';
};

export type MakeOfferResult =
  { ok: true; conversationId: number; offerId: number } | { ok: false; fieldErrors: OfferFieldErrors };

type Options = { now?: Date };

/**
 * `{ modelId, price, note? }` from a participant of a two-person conversation: an offer to the other
 * participant for one of the sender's published models. NOT_FOUND for anyone but a participant;
 * BAD_REQUEST where offers are not made (support, promotions, projects, group conversations).
 */
export async function makeOffer(
  user: SessionUser,
  conversationIdInput: unknown,
  input: unknown,
  { now = new Date() }: Options = {},
): Promise<MakeOfferResult> {
  const conversationId = parseId(conversationIdInput);
  const conversation = conversationId === null ? null : await selectConversationFor(conversationId, user.id);
  if (conversation === null) throw new AppError('NOT_FOUND', 'No such conversation');
  const others = conversation.participants.filter((p) => p.id !== user.id);
  if (!offerableConversationTypes.includes(conversation.type) || others.length !== 1)
    throw new AppError('BAD_REQUEST', 'Offers are not made in this conversation');
  const buyer = others[0]!;
  const fields = record(input);
  const modelId = parseModelId(fields.modelId);
  if (modelId === null) return { ok: false, fieldErrors: { model: 'required' } };
  const model = await selectOwnOfferableModel(user.id, modelId);
  if (model === null || model.priceCents <= 0) return { ok: false, fieldErrors: { model: 'unknown' } };
  const price = checkOfferPrice(fields.price, model.priceCents);
  if (!price.ok) return { ok: false, fieldErrors: { price: price.error } };
  const noteText = typeof fields.note === 'string' ? fields.note : '';
  const note = noteText.trim() === '' ? null : validateMessageBody(noteText);
  if (note && !note.ok) return { ok: false, fieldErrors: { note: note.error } };
  await assertWithinRateLimit(`conversation_offer:user:${user.id}`, offersPerHour, 3_600_000, now);

  const db = await getDb();
  return db.transaction(async (tx): Promise<MakeOfferResult> => {
    if (await buyerOwnsModel(tx, buyer.id, model.id))
      return { ok: false, fieldErrors: { buyer: 'purchased' } };
    const { conversationId: offerConversationId } = await findOrCreatePairConversation(tx, {
      type: 'offer',
      subject: model.title,
      modelId: model.id,
      senderId: user.id,
      recipientId: buyer.id,
      now,
    });
    // Under the pair's lock: an offer the buyer accepted holds until it expires.
    const live = await selectLiveOffer(tx, buyer.id, model.id, now);
    if (live?.status === 'accepted') return { ok: false, fieldErrors: { buyer: 'accepted' } };
    const offerId = await insertOffer(tx, {
      conversationId: offerConversationId,
      modelId: model.id,
      designerId: user.id,
      buyerId: buyer.id,
      priceCents: price.cents,
      now,
      expiresAt: new Date(now.getTime() + offerLifetimeMs),
    });
    await appendMessage(tx, {
      conversationId: offerConversationId,
      senderId: null,
      kind: 'system',
      body: 'offer_made' satisfies SystemMessageCode,
      now,
    });
    if (note?.ok)
      await insertMessageIn(tx, {
        conversationId: offerConversationId,
        senderId: user.id,
        body: note.body,
        now,
      });
    return { ok: true, conversationId: offerConversationId, offerId };
  });
}

export type OfferRefusal = 'expired' | 'withdrawn' | 'ordered' | 'purchased' | 'cart_full';
export type AcceptOfferResult =
  { ok: true; conversationId: number; modelId: number } | { ok: false; refusal: OfferRefusal };

/**
 * The buyer accepts an offer: it becomes theirs at the offered price and the model goes into their
 * cart. NOT_FOUND for anyone but the buyer it was made to; accepting twice is the same as once.
 */
export async function acceptOffer(
  user: SessionUser,
  offerIdInput: unknown,
  { now = new Date() }: Options = {},
): Promise<AcceptOfferResult> {
  const offerId = parseId(offerIdInput);
  if (offerId === null) throw new AppError('NOT_FOUND', 'No such offer');
  const db = await getDb();
  return db.transaction(async (tx): Promise<AcceptOfferResult> => {
    const offer = await lockOffer(tx, offerId);
    if (offer === null || offer.buyerId !== user.id) throw new AppError('NOT_FOUND', 'No such offer');
    if (offer.status === 'withdrawn' || offer.status === 'ordered')
      return { ok: false, refusal: offer.status };
    if (offer.expiresAt.getTime() <= now.getTime()) return { ok: false, refusal: 'expired' };
    const outcome = await putInCart(tx, user.id, offer.modelId, now);
    if (outcome === 'already_purchased') return { ok: false, refusal: 'purchased' };
    if (outcome === 'limit_reached') return { ok: false, refusal: 'cart_full' };
    if (offer.status === 'open') {
      await setOfferAccepted(tx, offer.id, now);
      await appendMessage(tx, {
        conversationId: offer.conversationId,
        senderId: null,
        kind: 'system',
        body: 'offer_accepted' satisfies SystemMessageCode,
        now,
      });
    }
    return { ok: true, conversationId: offer.conversationId, modelId: offer.modelId };
  });
}
