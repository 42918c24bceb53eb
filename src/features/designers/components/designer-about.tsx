import { useFormatter, useLocale, useTranslations } from 'next-intl';

import type { Locale } from '@/i18n/routing';
import { isDesignerSkill } from '../designer-skills';
import { linkLabel } from '../profile-fields';

import { formatDate, responseTimeParts } from '../format';
import { type DesignerProfileDto } from '../schemas';
import styles from './designer-about.module.css';
import { countryName } from './designer-profile';
import { SectionHead } from './section-head';

/**
 * The about tab: the designer's text, the figures of spec §3 (rating with one decimal, reputation,
 * response rate and time, projects, model views and likes, followers), software and skills, country,
 * member since and whether they take custom projects.
 */
export function DesignerAbout({ designer }: { designer: DesignerProfileDto }) {
  const t = useTranslations('designers.About');
  const skills = useTranslations('designers.Skills');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const number = (value: number) => format.number(value);
  const responseTime =
    designer.responseTimeMinutes === null
      ? t('noMessagesYet')
      : (() => {
          const { unit, count } = responseTimeParts(designer.responseTimeMinutes);
          return t(unit, { count });
        })();
  const figures: Array<[key: string, label: string, value: string]> = [
    [
      'rating',
      t('rating'),
      format.number(designer.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    ],
    ['reputation', t('reputation'), number(designer.reputation)],
    [
      'response-rate',
      t('responseRate'),
      format.number(designer.responseRatePermille / 1000, { style: 'percent' }),
    ],
    ['response-time', t('responseTime'), responseTime],
    ['projects-done', t('projectsDone'), number(designer.projectsDone)],
    ['projects-in-progress', t('projectsInProgress'), number(designer.projectsInProgress)],
    ['models', t('models'), number(designer.totalModels)],
    ['model-views', t('modelViews'), number(designer.modelViews)],
    ['model-likes', t('modelLikes'), number(designer.modelLikes)],
    ['followers', t('followers'), number(designer.followers)],
  ];
  return (
    <section aria-labelledby="about-heading" className={styles.about}>
      <SectionHead
        id="about-heading"
        title={t('heading', { username: designer.displayName ?? designer.username })}
      />
      <p className={styles.text}>{designer.about || t(designer.isDesigner ? 'noAbout' : 'memberNoAbout')}</p>
      {designer.isDesigner && (
        <dl className={styles.figures}>
          {figures.map(([key, label, value]) => (
            <div key={key} data-figure={key}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <dl className={styles.facts}>
        {designer.links.length > 0 && (
          <div>
            <dt>{t('links')}</dt>
            <dd>
              <ul className={styles.links}>
                {designer.links.map((href) => (
                  <li key={href}>
                    {/* Links the member typed: no endorsement, no referrer-window access (decision 0034). */}
                    <a href={href} rel="nofollow ugc noopener" target="_blank">
                      {linkLabel(href)}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {designer.software.length > 0 && (
          <div>
            <dt>{t('software')}</dt>
            <dd>
              <ul className={styles.tags}>
                {designer.software.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {designer.skills.length > 0 && (
          <div>
            <dt>{t('skills')}</dt>
            <dd>
              <ul className={styles.tags}>
                {designer.skills.map((skill) => (
                  <li key={skill}>{isDesignerSkill(skill) ? skills(skill) : skill}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {designer.country && (
          <div>
            <dt>{t('country')}</dt>
            <dd>{countryName(locale, designer.country)}</dd>
          </div>
        )}
        <div>
          <dt>{t('memberSince')}</dt>
          <dd>{formatDate(locale, designer.memberSince, { year: 'numeric', month: 'long' })}</dd>
        </div>
        {designer.isDesigner && (
          <div>
            <dt>{t('customRequests')}</dt>
            <dd>{designer.acceptsCustomRequests ? t('acceptsCustomRequests') : t('noCustomRequests')}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
