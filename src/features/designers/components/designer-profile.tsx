import type { ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';

import { Avatar } from '@/components/ui/avatar';
import { Rating } from '@/components/ui/rating';
import { languageTags, type Locale } from '@/i18n/routing';

import type { DesignerProfileDto } from '../schemas';
import styles from './designer-profile.module.css';
import { FollowerCount } from './follower-count';

/** A country code as the visitor's language names it ('DE' → 'Deutschland' in German). */
export function countryName(locale: Locale, code: string): string {
  try {
    return new Intl.DisplayNames([languageTags[locale]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The head of a member's profile, shown above every tab: avatar, display name (and username), for a
 * designer the rating and models, country, followers and following, and the follow control (the
 * page's: it depends on the visitor). The other figures, skills and about text are the About tab's.
 */
export function DesignerProfile({ designer, follow }: { designer: DesignerProfileDto; follow?: ReactNode }) {
  const t = useTranslations('designers.Profile');
  const social = useTranslations('social.Follows');
  const locale = useLocale() as Locale;
  const rating = designer.rating.toFixed(1);
  return (
    <header className={styles.profile}>
      <Avatar username={designer.username} image={designer.avatar} size={80} />
      <div className={styles.text}>
        <h1>{designer.displayName ?? designer.username}</h1>
        {designer.displayName && <p className={styles.username}>@{designer.username}</p>}
        {designer.isDesigner && (
          <p className={styles.rating}>
            <Rating readonly value={designer.rating} label={t('rating', { rating })} />
            <strong aria-hidden="true">{rating}</strong>
            <span>{t('ratingCount', { count: designer.ratingCount })}</span>
          </p>
        )}
        <p className={styles.meta}>
          {designer.country && <span>{countryName(locale, designer.country)}</span>}
          {designer.isDesigner && <span>{t('models', { count: designer.totalModels })}</span>}
          <FollowerCount
            userId={designer.id}
            initial={designer.followers}
            message={t.raw('followers') as string}
            languageTag={languageTags[locale]}
          />
          <span data-testid="following">{social('followingCount', { count: designer.following })}</span>
        </p>
        {designer.isDesigner && !designer.acceptsCustomRequests && (
          <p className={styles.meta}>{t('noCustomRequests')}</p>
        )}
      </div>
      {follow && <div className={styles.follow}>{follow}</div>}
    </header>
  );
}
