import { getLocale, getTranslations } from 'next-intl/server';

import { getPathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

import { Icon } from '@/components/ui/icon';

import styles from './custom-solutions.module.css';

type Step = { key: string; title: string; description: string };

function Steps({ steps, label }: { steps: Step[]; label: (n: number) => string }) {
  return (
    <ol className={styles.steps}>
      {steps.map((step, i) => (
        <li key={step.key} data-position={i === 0 ? 'first' : i === steps.length - 1 ? 'last' : 'middle'}>
          <span className={styles.stepNumber} aria-hidden="true">
            {i + 1}
          </span>
          <span className="visually-hidden">{label(i + 1)}</span>
          <strong>{step.title}</strong>
          <span className={styles.stepText}>{step.description}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Spec §1 custom solutions: the creation service (upload, creation, approve; end to end, quality,
 * pricing, scalable) and the jobs board (listing, designer, model; collaboration, iterations, smaller
 * jobs). The creation service's button goes to our ordering page `/custom-3d-models` (decision 0026);
 * the jobs board's appears once the board exists (docs/decisions/0007-home-page.md).
 */
export async function CustomSolutions() {
  const t = await getTranslations('home.CustomSolutions');
  const locale = (await getLocale()) as Locale;
  const tOrder = await getTranslations('customModels.Page');
  const stepLabel = (n: number) => t('step', { number: n });
  const services = [
    {
      key: 'creation',
      title: t('creationTitle'),
      text: t('creationText'),
      picture: '/images/home/custom-creation.svg',
      // Spec §2: the creation service's button goes to our own ordering page (decision 0026).
      href: getPathname({ locale, href: '/custom-3d-models' }),
      steps: (['upload', 'creation', 'approve'] as const).map((key) => ({
        key,
        title: t(`creationSteps.${key}`),
        description: t(`creationSteps.${key}Text`),
      })),
      features: (['endToEnd', 'quality', 'pricing', 'scalable'] as const).map((key) => ({
        key,
        title: t(`creationFeatures.${key}`),
        description: t(`creationFeatures.${key}Text`),
      })),
    },
    {
      key: 'jobs',
      title: t('jobsTitle'),
      text: t('jobsText'),
      picture: '/images/home/custom-jobs.svg',
      href: null,
      steps: (['listing', 'designer', 'model'] as const).map((key) => ({
        key,
        title: t(`jobsSteps.${key}`),
        description: t(`jobsSteps.${key}Text`),
      })),
      features: (['collaboration', 'iterations', 'smallerJobs'] as const).map((key) => ({
        key,
        title: t(`jobsFeatures.${key}`),
        description: t(`jobsFeatures.${key}Text`),
      })),
    },
  ];
  return (
    <section className={`container ${styles.section}`} aria-labelledby="custom-title">
      <h2 id="custom-title">{t('title')}</h2>
      <p className={styles.intro}>{t('description')}</p>
      <div className={styles.services}>
        {services.map((service) => (
          <article key={service.key} className={styles.service} data-service={service.key}>
            <img src={service.picture} width={480} height={320} alt="" loading="lazy" decoding="async" />
            <h3>{service.title}</h3>
            <p className={styles.text}>{service.text}</p>
            <Steps steps={service.steps} label={stepLabel} />
            <ul className={styles.features}>
              {service.features.map((feature) => (
                <li key={feature.key}>
                  <Icon name="check" size={18} />
                  <span>
                    <strong>{feature.title}</strong> {feature.description}
                  </span>
                </li>
              ))}
            </ul>
            {service.href ? (
              <p>
                <a className="button" href={service.href}>
                  {tOrder('homeButton')}
                </a>
              </p>
            ) : (
              <p className={styles.soon}>{t('comingSoon')}</p>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
