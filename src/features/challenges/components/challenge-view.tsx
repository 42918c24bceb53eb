import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';
import { renderUserMarkdown } from '@/server/text/user-markdown';

import { challengePhases } from '../challenge-lifecycle';
import type { ChallengeDetailDto, ChallengeEntryDto } from '../schemas';
import { getOwnPublishedModels, getViewerState } from '../server/queries';
import styles from './challenges.module.css';
import { challengeDateFormatter, formatPrize } from './format';
import { ModelEntryForm } from './model-entry-form';
import { PhaseLabel } from './phase-label';
import { RenderEntryForm } from './render-entry-form';
import { VoteButton } from './vote-button';

const refusalKeys = [
  'not_found',
  'wrong_kind',
  'not_open',
  'already_entered',
  'not_voting',
  'own_entry',
  'invalid_title',
  'invalid_modelId',
  'picture_type',
  'picture_too_large',
  'picture_dimensions',
  'failed',
  'rateLimited',
  'logInFirst',
] as const;

/** The texts the forms show for each refusal. */
export async function challengeRefusalTexts(): Promise<Record<string, string>> {
  const t = await getTranslations('challenges.Refusals');
  return Object.fromEntries(refusalKeys.map((key) => [key, t(key)]));
}

/**
 * A challenge's page body: what it is about, its timeline, the entry form while submissions are open,
 * the entries (with vote buttons while voting) and, once counted, the ranking with votes.
 */
export async function ChallengeView({
  locale,
  challenge,
  headingLevel = 1,
  here,
}: {
  locale: Locale;
  challenge: ChallengeDetailDto;
  headingLevel?: 1 | 2;
  /** The page to come back to after logging in. */
  here: string;
}) {
  const user = await currentUser();
  const [t, phases, refusals, viewer, ownModels] = await Promise.all([
    getTranslations('challenges.Detail'),
    getTranslations('challenges.Phase'),
    challengeRefusalTexts(),
    user ? getViewerState(challenge.id, user.id) : null,
    user && challenge.kind === 'models' && challenge.phase === 'submissions'
      ? getOwnPublishedModels(user.id)
      : [],
  ]);
  const date = challengeDateFormatter(locale);
  const Heading = `h${headingLevel}` as const;
  const SubHeading = `h${headingLevel + 1}` as 'h2' | 'h3';
  const logIn = localizedHref(locale, '/login', { next: here });
  const current = challengePhases.indexOf(challenge.phase);
  const steps = [
    { phase: 'submissions', label: t('opensAt'), at: challenge.opensAt },
    { phase: 'voting', label: t('votingAt'), at: challenge.votingAt },
    { phase: 'results', label: t('resultsAt'), at: challenge.resultsAt },
  ] as const;
  const rules = renderUserMarkdown(challenge.rules, {
    localizeLink: (href) => (locale === 'en' ? href : `/${locale}${href}`),
  });
  return (
    <article aria-labelledby={`challenge-${challenge.id}`}>
      <Heading
        id={`challenge-${challenge.id}`}
        className={headingLevel === 1 ? 'page-title' : styles.sectionTitle}
      >
        {challenge.title}
      </Heading>
      <p className="page-lead">{challenge.theme}</p>
      <p className={styles.meta}>
        <PhaseLabel phase={challenge.phase} text={phases(challenge.phase)} />
        <span>{t('prize', { prize: formatPrize(challenge.prizeCents) })}</span>
        {challenge.winner && (
          <span data-testid="challenge-winner">{t('winner', { username: challenge.winner.username })}</span>
        )}
      </p>
      <ol className={styles.timeline} aria-label={t('timeline')}>
        {steps.map((step) => (
          <li
            key={step.phase}
            aria-current={
              challengePhases.indexOf(step.phase) === current ||
              (step.phase === 'results' && challenge.phase === 'counting')
                ? 'step'
                : undefined
            }
          >
            <strong>{step.label}</strong>
            {date(step.at)}
          </li>
        ))}
      </ol>
      <SubHeading className={styles.sectionTitle}>{t('rules')}</SubHeading>
      <div className={styles.rules} dangerouslySetInnerHTML={{ __html: rules }} />

      {challenge.phase === 'submissions' && (
        <EntrySection
          challenge={challenge}
          signedIn={user !== null}
          entered={viewer?.entryId != null}
          ownModels={ownModels}
          logIn={logIn}
          refusals={refusals}
        />
      )}

      <SubHeading className={styles.sectionTitle}>
        {challenge.phase === 'results'
          ? t('resultsTitle')
          : t('entriesTitle', { count: challenge.entryList.length })}
      </SubHeading>
      {challenge.phase === 'voting' && (
        <p className={styles.hint}>{user ? t('votingHint') : <a href={logIn}>{t('logInToVote')}</a>}</p>
      )}
      {challenge.phase !== 'results' && challenge.entryList.length > 0 && (
        <p className={styles.hint}>{t('votesHidden')}</p>
      )}
      {challenge.entryList.length === 0 ? (
        <p>{t('noEntries')}</p>
      ) : (
        <ul className={styles.entries}>
          {challenge.entryList.map((entry) => (
            <EntryCard
              key={entry.id}
              entry={entry}
              challenge={challenge}
              own={viewer?.entryId === entry.id}
              votedHere={viewer?.votedEntryId === entry.id}
              canVote={user !== null && challenge.phase === 'voting'}
              refusals={refusals}
              level={headingLevel + 2}
            />
          ))}
        </ul>
      )}
    </article>
  );
}

async function EntrySection({
  challenge,
  signedIn,
  entered,
  ownModels,
  logIn,
  refusals,
}: {
  challenge: ChallengeDetailDto;
  signedIn: boolean;
  entered: boolean;
  ownModels: { id: number; title: string }[];
  logIn: string;
  refusals: Record<string, string>;
}) {
  const t = await getTranslations('challenges.Enter');
  if (!signedIn)
    return (
      <p>
        <a className="button" href={logIn}>
          {t('logInToEnter')}
        </a>
      </p>
    );
  if (entered) return <p className={styles.hint}>{t('entered')}</p>;
  if (challenge.kind === 'renders')
    return (
      <RenderEntryForm
        challengeId={challenge.id}
        labels={{
          title: t('renderTitle'),
          renderTitle: t('renderName'),
          file: t('file'),
          fileHint: t('fileHint'),
          submit: t('submit'),
          busy: t('busy'),
        }}
        refusals={refusals}
      />
    );
  if (ownModels.length === 0) return <p className={styles.hint}>{t('noModels')}</p>;
  return (
    <ModelEntryForm
      challengeId={challenge.id}
      models={ownModels}
      labels={{
        title: t('modelTitle'),
        model: t('model'),
        choose: t('choose'),
        submit: t('submit'),
        busy: t('busy'),
      }}
      refusals={refusals}
    />
  );
}

async function EntryCard({
  entry,
  challenge,
  own,
  votedHere,
  canVote,
  refusals,
  level,
}: {
  entry: ChallengeEntryDto;
  challenge: ChallengeDetailDto;
  own: boolean;
  votedHere: boolean;
  canVote: boolean;
  refusals: Record<string, string>;
  level: number;
}) {
  const t = await getTranslations('challenges.Detail');
  const title = entry.model?.title ?? entry.render?.title ?? '';
  const image = entry.model?.image ?? entry.render;
  const Heading = `h${Math.min(level, 4)}` as 'h3' | 'h4';
  const winner = entry.rank === 1 && challenge.winner?.username === entry.username;
  return (
    <li
      className={winner ? `${styles.entry} ${styles.entryWinner}` : styles.entry}
      data-testid="challenge-entry"
    >
      {image && (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="(min-width: 1256px) 300px, (min-width: 576px) 45vw, 100vw"
          width={image.width}
          height={image.height}
          alt={title}
          loading="lazy"
          decoding="async"
        />
      )}
      <div>
        <Heading>{entry.model ? <a href={entry.model.url}>{title}</a> : title}</Heading>
        <p className={styles.hint}>{t('by', { username: entry.username })}</p>
        {entry.rank !== null && (
          <p data-testid="entry-result">
            {winner ? `🏆 ${t('winnerLabel')} · ` : `${t('rank', { rank: entry.rank })} · `}
            {t('votes', { count: entry.votes ?? 0 })}
          </p>
        )}
        {own && <p className={styles.hint}>{t('yourEntry')}</p>}
      </div>
      {canVote && !own && (
        <VoteButton
          challengeId={challenge.id}
          entryId={entry.id}
          votedHere={votedHere}
          labels={{ vote: t('vote'), voted: t('voted'), busy: t('voting'), voteFor: t('voteFor', { title }) }}
          refusals={refusals}
        />
      )}
    </li>
  );
}
