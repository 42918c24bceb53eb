import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { Avatar } from '@/components/ui/avatar';
import { getModelCardsByIds } from '@/features/catalog/server/api';
import { ConversationView } from '@/features/conversations/components/conversation-view';
import { makeOfferLabels, offerPanelLabels } from '@/features/conversations/components/flow-texts';
import { MakeOffer } from '@/features/conversations/components/make-offer';
import { OfferPanel, type OfferView } from '@/features/conversations/components/offer-panel';
import offerStyles from '@/features/conversations/components/offers.module.css';
import type { ConversationDto } from '@/features/conversations/schemas';
import { readOnlyConversationTypes } from '@/features/conversations/conversation-types';
import {
  getConversation,
  getConversationHeading,
  getConversationOffers,
  getOfferableModels,
} from '@/features/conversations/server/queries';
import type { SessionUser } from '@/server/auth/session';
import type { Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';
import { env } from '@/env';
import { getPathname } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../route-params';
import {
  conversationTypeLabels,
  conversationViewLabels,
} from '@/features/conversations/components/conversation-texts';
import styles from './conversation-page.module.css';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('conversations.Conversation');
  const user = await currentUser();
  const heading = user ? await getConversationHeading(user, (await params).id) : null;
  return {
    title: heading ? t('metaTitle', { subject: heading.title }) : t('back'),
    robots: { index: false },
  };
}

/** The offers of the conversation with their texts in the reader's language (decision 0037). */
async function offerViews(user: SessionUser, conversationId: number, locale: Locale): Promise<OfferView[]> {
  const now = new Date();
  const offers = await getConversationOffers(user, conversationId, now);
  if (offers.length === 0) return [];
  const [t, cards] = await Promise.all([
    getTranslations('conversationFlows.Offers'),
    getModelCardsByIds(locale, [...new Set(offers.map((offer) => offer.modelId))]),
  ]);
  const urls = new Map(cards.map((card) => [card.id, card.url]));
  const dateFormat = new Intl.DateTimeFormat(languageTags[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return offers.map((offer) => {
    const date = dateFormat.format(offer.expiresAt);
    const expired = !offer.live && (offer.status === 'open' || offer.status === 'accepted');
    return {
      id: offer.id,
      modelTitle: offer.modelTitle,
      modelUrl: urls.get(offer.modelId) ?? null,
      price: formatPrice(offer.priceCents),
      listPrice: formatPrice(offer.listPriceCents),
      validity: offer.live ? t('validUntil', { date }) : t('expiredOn', { date }),
      status: expired ? t('status_expired') : t(`status_${offer.status}`),
      acceptable: offer.acceptable,
    };
  });
}

/** A designer's "Make an offer" to the other participant, when the conversation and their models allow one. */
async function OfferForm({
  user,
  conversation,
  locale,
}: {
  user: SessionUser;
  conversation: ConversationDto;
  locale: Locale;
}) {
  const models = await getOfferableModels(user, conversation);
  const buyer = conversation.participants.find((p) => p.id !== user.id);
  if (models.length === 0 || !buyer) return null;
  return (
    <MakeOffer
      conversationId={conversation.id}
      models={models}
      conversationHref={getPathname({
        locale,
        href: { pathname: '/conversations/[id]', params: { id: 'CONVERSATION_ID' } },
      })}
      labels={await makeOfferLabels(buyer.username)}
    />
  );
}

/**
 * A conversation (participants only; anyone else, admins included, gets the 404): its messages oldest
 * first, refreshed without a reload, and the reply form.
 */
export default async function ConversationPage({ params }: Props) {
  const locale = await localeOf(params);
  const { id } = await params;
  const user = await userOrLogIn(locale, { pathname: '/conversations/[id]', params: { id } });
  const conversation = await getConversation(user, id);
  if (!conversation) notFound();
  const [t, types, labels, offers, flows] = await Promise.all([
    getTranslations('conversations.Conversation'),
    conversationTypeLabels(),
    conversationViewLabels(),
    offerViews(user, conversation.id, locale),
    getTranslations('conversationFlows.Conversation'),
  ]);
  const readOnly = readOnlyConversationTypes.includes(conversation.type);
  const others = conversation.participants.filter((p) => p.id !== user.id).map((p) => p.username);
  // A personal conversation is about the people in it: it is called by the others' names.
  const title =
    conversation.type === 'personal' && others.length > 0 ? others.join(', ') : conversation.subject;
  return (
    <div className={`container ${styles.page}`}>
      <p>
        <a href={getPathname({ locale, href: '/conversations' })}>{t('back')}</a>
      </p>
      <p className={styles.type}>{types[conversation.type]}</p>
      <h1 className="page-title">{title}</h1>
      <section aria-labelledby="participants-heading" className={styles.participants}>
        <h2 id="participants-heading" className="visually-hidden">
          {t('participants')}
        </h2>
        <ul>
          {conversation.participants.map((p) => (
            <li key={p.id}>
              <Avatar username={p.username} image={p.avatar} size={24} />
              <span>{p.id === user.id ? `${p.username} (${t('you')})` : p.username}</span>
            </li>
          ))}
        </ul>
      </section>
      {offers.length > 0 && (
        <OfferPanel
          offers={offers}
          labels={await offerPanelLabels()}
          cartHref={getPathname({ locale, href: '/cart' })}
        />
      )}
      <OfferForm user={user} conversation={conversation} locale={locale} />
      {conversation.hasEarlier && <p>{t('earlier', { count: conversation.messages.length })}</p>}
      <ConversationView
        conversationId={conversation.id}
        viewerId={user.id}
        initialMessages={conversation.messages}
        languageTag={languageTags[locale]}
        maxModelMb={env.UPLOAD_MAX_MB}
        labels={labels}
        readOnlyNotice={
          readOnly ? (
            <p className={offerStyles.notice}>
              {flows('readOnly')}{' '}
              <a href={getPathname({ locale, href: '/support' })}>{flows('contactSupport')}</a>
            </p>
          ) : undefined
        }
      />
    </div>
  );
}
