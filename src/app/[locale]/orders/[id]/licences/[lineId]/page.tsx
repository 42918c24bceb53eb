import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { CertificateView } from '@/features/orders/components/certificate-view';
import { findCertificate } from '@/features/orders/server/repository';
import { userOrLogIn } from '@/features/accounts/server/page-access';

import { localeOf } from '../../../../route-params';

type Props = { params: Promise<{ locale: string; id: string; lineId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders.Certificate');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** The licence certificate of one model bought: its buyer only (404 for anybody else). */
export default async function CertificatePage({ params }: Props) {
  const locale = await localeOf(params);
  const { id, lineId } = await params;
  const user = await userOrLogIn(locale, {
    pathname: '/orders/[id]/licences/[lineId]',
    params: { id, lineId },
  });
  const certificate =
    /^\d{1,9}$/.test(id) && /^\d{1,9}$/.test(lineId)
      ? await findCertificate(Number(id), Number(lineId), user.id)
      : null;
  if (!certificate) notFound();
  return (
    <div className="container">
      <CertificateView locale={locale} certificate={certificate} />
    </div>
  );
}
