import { getTranslations } from 'next-intl/server';

import { Avatar } from '@/components/ui/avatar';
import { getPathname } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import { formatPrice } from '@/lib/money';

import type { ApplicationDto } from '../application-schemas';
import { avatarImage } from '../server/application-queries';
import styles from './work.module.css';

export interface PortfolioModel {
  title: string;
  url: string;
  image: string | null;
}

/**
 * One application as the owner compares it (and as its designer sees it): the designer with avatar,
 * rating and projects done, price, delivery time, proposal and portfolio thumbnails linking to the
 * models; `link` adds the way to the application's own page.
 */
export async function ApplicationCard({
  application,
  portfolio,
  locale,
  link,
  headingLevel = 2,
}: {
  application: ApplicationDto;
  portfolio: Map<number, PortfolioModel>;
  locale: Locale;
  link?: { href: string; label: string };
  headingLevel?: 2 | 3;
}) {
  const t = await getTranslations('freelance.Applications');
  const tag = languageTags[locale];
  const models = application.portfolioModelIds.flatMap((id) => {
    const model = portfolio.get(id);
    return model ? [{ id, ...model }] : [];
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const profile = getPathname({
    locale,
    href: { pathname: '/designers/[username]', params: { username: application.designerUsername } },
  });
  return (
    <article className={styles.card} data-application={application.id}>
      <div className={styles.cardHead}>
        <Avatar
          username={application.designerUsername}
          image={avatarImage(application.designerAvatarKey)}
          size={48}
        />
        <div>
          <Heading>
            <a href={profile}>{application.designerDisplayName ?? application.designerUsername}</a>
          </Heading>
          <span className={styles.badge} data-status={application.status}>
            {t(`status_${application.status}`)}
          </span>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('priceLabel')}</dt>
          <dd>{formatPrice(application.priceCents)}</dd>
        </div>
        <div>
          <dt>{t('delivery')}</dt>
          <dd>{t('days', { count: application.deliveryDays })}</dd>
        </div>
        <div>
          <dt>{t('rating')}</dt>
          <dd>
            {t('ratingValue', {
              rating: new Intl.NumberFormat(tag, {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              }).format(application.designerRating),
              count: application.designerRatingCount,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('projectsDone')}</dt>
          <dd>{application.designerProjectsDone}</dd>
        </div>
      </dl>
      <div>
        <strong>{t('proposalLabel')}</strong>
        <p className={styles.proposal}>{application.proposal}</p>
      </div>
      <div>
        <strong>{t('portfolioLabel')}</strong>
        {models.length === 0 ? (
          <p className={styles.hint}>{t('noPortfolio')}</p>
        ) : (
          <ul className={styles.thumbs}>
            {models.map((model) => (
              <li key={model.id}>
                <a className={styles.thumb} href={model.url}>
                  {model.image && <img src={model.image} alt="" width={160} height={120} loading="lazy" />}
                  <span>{model.title}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {link && (
        <p>
          <a className="button" href={link.href}>
            {link.label}
          </a>
        </p>
      )}
    </article>
  );
}
