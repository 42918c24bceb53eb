import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';

import { PostButton } from '@/components/ui/post-button';
import { languageTags, type Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

import type { TeamView as TeamData } from '../server/team-queries';
import { TeamInviteForm } from './team-invite-form';
import styles from './team.module.css';

/**
 * The `/team` page of a member: the team's name, the shared library (`library`, composed by the
 * page), business credits, members and pending invitations; the owner also invites and removes.
 */
export async function TeamView({
  locale,
  team,
  viewerId,
  library,
  invited,
  teamHref,
}: {
  locale: Locale;
  team: TeamData;
  viewerId: number;
  library: ReactNode;
  invited: boolean;
  teamHref: string;
}) {
  const t = await getTranslations('business.Team');
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium' });
  const isOwner = team.membership.role === 'owner';
  const failed = { failed: t('failed') };
  return (
    <div className="container">
      <p className={styles.eyebrow}>{t('eyebrow')}</p>
      <h1 className="page-title" data-testid="team-name">
        {team.membership.teamName}
      </h1>
      <p className="page-lead">{t('yourRole', { role: t(`role_${team.membership.role}`) })}</p>
      {invited && (
        <p className={styles.status} role="status">
          {t('invited')}
        </p>
      )}
      <div className={styles.grid}>
        <section aria-labelledby="team-library">
          <h2 className="section-title" id="team-library">
            {t('libraryTitle')}
          </h2>
          <p>{t('libraryLead')}</p>
          {library}
        </section>
        <div className={styles.side}>
          <section className={styles.credits} aria-labelledby="team-credits" data-testid="team-credits">
            <h2 id="team-credits">{t('creditsTitle')}</h2>
            <p>{t('creditsNote')}</p>
            <p>{t('creditsEarned', { amount: formatPrice(team.businessCreditsCents) })}</p>
          </section>
          <section className={styles.panel} aria-labelledby="team-members">
            <h2 id="team-members">{t('membersTitle')}</h2>
            <ul className={styles.list} data-testid="team-members">
              {team.members.map((member) => {
                const name = member.displayName ?? member.username;
                return (
                  <li key={member.userId} className={styles.row}>
                    <span className={styles.who}>
                      <strong>
                        {name}
                        {member.userId === viewerId ? ` ${t('you')}` : ''}
                      </strong>
                      <span className={styles.meta}>{member.email}</span>
                      <span className={styles.meta}>
                        {t('joined', { date: date.format(member.joinedAt) })}
                      </span>
                    </span>
                    <span className={styles.badge}>{t(`role_${member.role}`)}</span>
                    {isOwner && member.role === 'member' && (
                      <span>
                        <PostButton
                          endpoint="/api/internal/team/members/remove"
                          json={{ userId: member.userId }}
                          label={t('remove')}
                          busyLabel={t('removing')}
                          ariaLabel={t('removeLabel', { name })}
                          texts={failed}
                        />
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
          <section className={styles.panel} aria-labelledby="team-invitations">
            <h2 id="team-invitations">{t('invitationsTitle')}</h2>
            {team.invitations.length === 0 ? (
              <p className={styles.meta}>{t('noInvitations')}</p>
            ) : (
              <ul className={styles.list} data-testid="team-invitations">
                {team.invitations.map((invitation) => (
                  <li key={invitation.id} className={styles.row}>
                    <span className={styles.who}>
                      <strong>{invitation.email}</strong>
                      <span className={styles.meta}>
                        {t('invitationExpires', { date: date.format(invitation.expiresAt) })}
                      </span>
                    </span>
                    {isOwner && (
                      <span>
                        <PostButton
                          endpoint="/api/internal/team/invitations/revoke"
                          json={{ invitationId: invitation.id }}
                          label={t('revoke')}
                          busyLabel={t('revoking')}
                          ariaLabel={t('revokeLabel', { email: invitation.email })}
                          texts={failed}
                        />
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {isOwner && (
              <>
                <h3 className={styles.inviteTitle}>{t('inviteTitle')}</h3>
                <TeamInviteForm
                  locale={locale}
                  afterHref={`${teamHref}?invited=1`}
                  texts={{
                    email: t('email'),
                    hint: t('inviteHint'),
                    submit: t('invite'),
                    submitting: t('inviting'),
                    required: t('required'),
                    invalidEmail: t('invalidEmail'),
                    alreadyMember: t('alreadyMember'),
                    rateLimited: t('rateLimited'),
                    failed: t('failed'),
                  }}
                />
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
