import { getTranslations } from 'next-intl/server';

import { localizedHref } from '@/i18n/navigation';
import { contactEmails } from '@/lib/site';
import type { Locale } from '@/i18n/routing';

import { contentPageRoute } from '../_content/content-page';

/** The about page ends with the contacts the footer's "contacts" link points at (`#contacts`). */
async function Contacts({ locale }: { locale: Locale }) {
  const t = await getTranslations('pages.Contacts');
  const flows = await getTranslations('conversationFlows.Support');
  const rows = [
    [t('support'), contactEmails.support],
    [t('press'), contactEmails.press],
    [t('business'), contactEmails.business],
    [t('jobs'), contactEmails.jobs],
  ] as const;
  return (
    <section id="contacts" aria-labelledby="contacts-title" className="contacts">
      <h2 id="contacts-title">{t('title')}</h2>
      <p>{t('description')}</p>
      <dl>
        {rows.map(([label, email]) => (
          <div key={email}>
            <dt>{label}</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </div>
        ))}
      </dl>
      <p>
        <a href={localizedHref(locale, '/support')}>{flows('contactForm')}</a>
      </p>
    </section>
  );
}

const route = contentPageRoute('about-us', '/about-us', {
  after: async (locale) => <Contacts locale={locale} />,
});
export const generateMetadata = route.generateMetadata;
export default route.Page;
