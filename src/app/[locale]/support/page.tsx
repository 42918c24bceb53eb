import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { supportFormLabels } from '@/features/conversations/components/flow-texts';
import { RequestForm } from '@/features/conversations/components/request-form';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { languageTags } from '@/i18n/routing';
import { contactEmails } from '@/lib/site';
import { currentUser } from '@/server/auth/visitor';

import { localeOf } from '../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('conversationFlows.Support');
  return { title: t('metaTitle') };
}

/**
 * The site's support form (decision 0037): a signed-in user's message opens a `meshbay_support`
 * conversation with every admin, where the answer arrives. A guest is asked to log in, or to write to
 * the support address.
 */
export default async function SupportPage({ params }: Props) {
  const locale = await localeOf(params);
  const [t, user] = await Promise.all([getTranslations('conversationFlows.Support'), currentUser()]);
  const here = getPathname({ locale, href: '/support' });
  return (
    <div className="container">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('intro')}</p>
      {user ? (
        <RequestForm
          endpoint="/api/internal/support"
          conversationHref={getPathname({
            locale,
            href: { pathname: '/conversations/[id]', params: { id: 'CONVERSATION_ID' } },
          })}
          languageTag={languageTags[locale]}
          labels={await supportFormLabels()}
          testId="support-form"
        />
      ) : (
        <>
          <p>{t('logInPrompt')}</p>
          <p>
            <a className="button" href={localizedHref(locale, '/login', { next: here })}>
              {t('logIn')}
            </a>{' '}
            <a className="button button-secondary" href={localizedHref(locale, '/signup')}>
              {t('signUp')}
            </a>
          </p>
          <p>
            {t.rich('email', {
              address: contactEmails.support,
              email: (chunks) => <a href={`mailto:${contactEmails.support}`}>{chunks}</a>,
            })}
          </p>
        </>
      )}
    </div>
  );
}
