import { useFormatter, useTranslations } from 'next-intl';

import { Avatar } from '@/components/ui/avatar';
import { Rating } from '@/components/ui/rating';

import type { DesignerProfileDto } from '../schemas';
import styles from './designer-profile.module.css';

/** The head of a designer's profile: avatar, name, rating, figures, about, skills and software. */
export function DesignerProfile({ designer }: { designer: DesignerProfileDto }) {
  const t = useTranslations('designers.Profile');
  const format = useFormatter();
  const rating = designer.rating.toFixed(1);
  const figures = [
    [t('models'), designer.totalModels],
    [t('views'), designer.modelViews],
    [t('likes'), designer.modelLikes],
    [t('followers'), designer.followers],
    [t('projectsDone'), designer.projectsDone],
  ] as const;
  return (
    <header className={styles.profile}>
      <Avatar username={designer.username} image={designer.avatar} size={80} />
      <div className={styles.text}>
        <h1>{designer.username}</h1>
        <p className={styles.rating}>
          <Rating readonly value={designer.rating} label={t('rating', { rating })} />
          <span aria-hidden="true">{rating}</span>
          <span>{t('ratingCount', { count: designer.ratingCount })}</span>
        </p>
        <dl className={styles.figures}>
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{format.number(value, { notation: 'compact' })}</dd>
            </div>
          ))}
          <div>
            <dt>{t('responseRate')}</dt>
            <dd>{format.number(designer.responseRatePermille / 1000, { style: 'percent' })}</dd>
          </div>
        </dl>
        {designer.about && <p className={styles.about}>{designer.about}</p>}
        {designer.skills.length > 0 && (
          <p className={styles.tags}>
            <strong>{t('skills')}</strong> {designer.skills.join(', ')}
          </p>
        )}
        {designer.software.length > 0 && (
          <p className={styles.tags}>
            <strong>{t('software')}</strong> {designer.software.join(', ')}
          </p>
        )}
        <p className={styles.since}>
          {t('memberSince', {
            date: format.dateTime(new Date(designer.memberSince), { year: 'numeric', month: 'long' }),
          })}
          {!designer.acceptsCustomRequests && <> · {t('noCustomRequests')}</>}
        </p>
      </div>
    </header>
  );
}
