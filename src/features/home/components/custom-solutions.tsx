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
 * jobs). Spec §2: the creation service's button goes to the ordering page, ours at `/custom-3d-models`
 * (decision 0026); the jobs board's to `/3d-modeling-jobs/new`.
 */
export async function CustomSolutions() {
  const t = await getTranslations('home.CustomSolutions');
  const locale = (await getLocale()) as Locale;
  const tOrder = await getTranslations('customModels.Page');
  const tBoard = await getTranslations('freelance.Board');
  const stepLabel = (n: number) => t('step', { number: n });
  const services = [
    {
      key: 'creation',
      title: t('creationTitle'),
      text: t('creationText'),
      picture: '/images/home/custom-creation.svg',
      button: { href: getPathname({ locale, href: '/custom-3d-models' }), label: tOrder('homeButton') },
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
      button: { href: getPathname({ locale, href: '/3d-modeling-jobs/new' }), label: tBoard('postProject') },
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
            <p className={styles.action}>
              <a className="button" href={service.button.href}>
                {service.button.label}
              </a>
            </p>
          </article>
        ))}
      </div>
    </section>
  );
}
