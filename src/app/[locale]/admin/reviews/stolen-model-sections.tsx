/**
 * The stolen-model reason on the admin's review (decision 0057): composed here from geometry's matches
 * and catalog's cards of the matched (published) models. A match whose model is no longer published
 * is not shown: it no longer counts.
 */
import { getTranslations } from 'next-intl/server';

import { getModelCardsByIds } from '@/features/catalog/server/queries';
import { sameShapeDistance, similarityPercent } from '@/features/geometry/fingerprint';
import {
  PossibleCopies,
  StolenModelComparison,
  type StolenModelMatchTexts,
} from '@/features/geometry/components/stolen-model-match';
import { findFingerprintMatches } from '@/features/geometry/server/fingerprint-repository';
import { getPathname } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';

function percent(locale: Locale, distance: number): string {
  return new Intl.NumberFormat(languageTags[locale], { style: 'percent', maximumFractionDigits: 1 }).format(
    similarityPercent(distance) / 100,
  );
}

/** The matches of `modelIds` whose matched model is still published, with its card. */
async function liveMatches(locale: Locale, modelIds: number[]) {
  const matches = await findFingerprintMatches(modelIds);
  const cards = await getModelCardsByIds(locale, [
    ...new Set([...matches.values()].map((m) => m.matchedModelId)),
  ]);
  const cardOf = new Map(cards.map((card) => [card.id, card]));
  return new Map(
    [...matches].flatMap(([modelId, match]) => {
      const card = cardOf.get(match.matchedModelId);
      return card ? [[modelId, { ...match, card }] as const] : [];
    }),
  );
}

/** On an upload's studio page, for admins: the upload and the model it matches, side by side. */
export async function StolenModelSection({
  locale,
  model,
}: {
  locale: Locale;
  model: { id: number; title: string; designerUsername: string; pictures: { src: string }[] };
}) {
  const match = (await liveMatches(locale, [model.id])).get(model.id);
  if (!match) return null;
  const t = await getTranslations('stolenModels');
  const texts: StolenModelMatchTexts = {
    title: t('title'),
    lead: t('lead'),
    upload: t('upload'),
    published: t('published'),
    by: (seller) => t('by', { seller }),
    similarity: t('similarity'),
    threshold: t('threshold', { threshold: percent(locale, sameShapeDistance) }),
    noPicture: t('noPicture'),
  };
  return (
    <StolenModelComparison
      upload={{
        title: model.title,
        seller: model.designerUsername,
        picture: model.pictures[0]?.src ?? null,
        href: null,
      }}
      published={{
        title: match.card.title,
        seller: match.card.designerUsername,
        picture: match.card.primaryImage.src,
        href: match.card.url,
      }}
      similarity={percent(locale, match.distance)}
      texts={texts}
    />
  );
}

/** Above the review queue: the waiting uploads that match another seller's published model. */
export async function PossibleCopiesSection({
  locale,
  queue,
}: {
  locale: Locale;
  queue: { id: number; title: string; designerUsername: string }[];
}) {
  const matches = await liveMatches(
    locale,
    queue.map((model) => model.id),
  );
  if (matches.size === 0) return null;
  const t = await getTranslations('stolenModels');
  const copies = queue.flatMap((model) => {
    const match = matches.get(model.id);
    if (!match) return [];
    return [
      {
        id: model.id,
        title: model.title,
        seller: model.designerUsername,
        href: getPathname({
          locale,
          href: { pathname: '/studio/models/[id]', params: { id: String(model.id) } },
        }),
        similarity: percent(locale, match.distance),
        matchedTitle: match.card.title,
        matchedSeller: match.card.designerUsername,
      },
    ];
  });
  return (
    <PossibleCopies
      copies={copies}
      texts={{
        title: t('queueTitle'),
        lead: t('queueLead'),
        item: (copy) => t('queueItem', { ...copy }),
      }}
    />
  );
}
