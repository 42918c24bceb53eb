import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { currentUser } from '@/server/auth/visitor';

import { getPrintlistsOf } from '../server/queries';
import { PrintlistCards } from './printlist-cards';

/** A member's public printlists on their profile (the owner also sees their private ones, marked). */
export async function ProfilePrintlists({ locale, userId }: { locale: Locale; userId: number }) {
  const user = await currentUser();
  const lists = await getPrintlistsOf(locale, userId, user?.id ?? null);
  if (lists.length === 0) return null;
  const t = await getTranslations('printlists.Profile');
  return (
    <section aria-labelledby="profile-printlists-heading" data-testid="profile-printlists">
      <h2 id="profile-printlists-heading" className="section-title">
        {t('heading')}
      </h2>
      <PrintlistCards lists={lists} headingLevel={3} showOwner={false} />
    </section>
  );
}
