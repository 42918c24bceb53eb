import { getTranslations } from 'next-intl/server';

import { challengeRefusalTexts } from './challenge-view';

/** The admin form's labels and refusal texts, in the request's locale. */
export async function adminFormTexts(heading: 'createHeading' | 'editHeading') {
  const [t, refusals] = await Promise.all([getTranslations('challenges.Admin'), challengeRefusalTexts()]);
  const labels = {
    heading: t(heading),
    kind: t('kind'),
    kindModels: t('kindModels'),
    kindRenders: t('kindRenders'),
    title: t('fieldTitle'),
    theme: t('theme'),
    rules: t('rules'),
    rulesHint: t('rulesHint'),
    opensAt: t('opensAt'),
    votingAt: t('votingAt'),
    resultsAt: t('resultsAt'),
    datesHint: t('datesHint'),
    prize: t('prize'),
    prizeHint: t('prizeHint'),
    submit: t(heading === 'createHeading' ? 'create' : 'save'),
    busy: t('busy'),
    saved: t('saved'),
  };
  const formRefusals = {
    ...refusals,
    invalid_title: t('invalid_title'),
    invalid_theme: t('invalid_theme'),
    invalid_rules: t('invalid_rules'),
    invalid_opensAt: t('invalid_date'),
    invalid_votingAt: t('invalid_date'),
    invalid_resultsAt: t('invalid_date'),
    invalid_prize: t('invalid_prize'),
    invalid_kind: t('invalid_kind'),
    schedule_order: t('schedule_order'),
    schedule_back: t('schedule_back'),
    results_in_past: t('results_in_past'),
  };
  return { labels, refusals: formRefusals };
}
