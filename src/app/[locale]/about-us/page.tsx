import { getTranslations } from 'next-intl/server';

import { contactEmails } from '@/lib/site';

import { contentPageRoute } from '../_content/content-page';

/** The about page ends with the contacts the footer's "contacts" link points at (`#contacts`). */
async function Contacts() {
  const t = await getTranslations('pages.Contacts');
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
    </section>
  );
}

const route = contentPageRoute('about-us', '/about-us', { after: async () => <Contacts /> });
export const generateMetadata = route.generateMetadata;
export default route.Page;
