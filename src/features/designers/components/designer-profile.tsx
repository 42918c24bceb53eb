import { useLocale, useTranslations } from 'next-intl';

import { Avatar } from '@/components/ui/avatar';
import { GuestPromptButton } from '@/components/ui/guest-prompt-button';
import { Rating } from '@/components/ui/rating';
import { languageTags, type Locale } from '@/i18n/routing';

import type { DesignerProfileDto } from '../schemas';
import styles from './designer-profile.module.css';

/** A country code as the visitor's language names it ('DE' → 'Deutschland' in German). */
export function countryName(locale: Locale, code: string): string {
  try {
    return new Intl.DisplayNames([languageTags[locale]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The head of a designer's profile, shown above every tab: avatar, name, rating, country and the
 * follow button. The figures, skills and about text are the About tab's.
 */
export function DesignerProfile({ designer }: { designer: DesignerProfileDto }) {
  const t = useTranslations('designers.Profile');
  const locale = useLocale() as Locale;
  const rating = designer.rating.toFixed(1);
  return (
    <header className={styles.profile}>
      <Avatar username={designer.username} image={designer.avatar} size={80} />
      <div className={styles.text}>
        <h1>{designer.username}</h1>
        <p className={styles.rating}>
          <Rating readonly value={designer.rating} label={t('rating', { rating })} />
          <strong aria-hidden="true">{rating}</strong>
          <span>{t('ratingCount', { count: designer.ratingCount })}</span>
        </p>
        <p className={styles.meta}>
          {designer.country && <span>{countryName(locale, designer.country)}</span>}
          <span>{t('models', { count: designer.totalModels })}</span>
          <span>{t('followers', { count: designer.followers })}</span>
        </p>
        {!designer.acceptsCustomRequests && <p className={styles.meta}>{t('noCustomRequests')}</p>}
      </div>
      <div className={styles.follow}>
        <GuestPromptButton className="button" label={t('follow')} logInFirst={t('followLogIn')} />
      </div>
    </header>
  );
}
