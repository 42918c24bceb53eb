import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { PostButton } from '@/components/ui/post-button';
import { banDays } from '@/features/forum/api';
import { makeSubjectType } from '@/features/makes/server/api';
import { ChoiceAction } from '@/features/moderation/components/choice-action';
import { ReportControl } from '@/features/moderation/components/report-control';
import { MakeLikeButton } from '@/features/makes/components/make-like-button';
import styles from '@/features/makes/components/makes.module.css';
import { parseMakeId } from '@/features/makes/server/commands';
import { getMake } from '@/features/makes/server/queries';
import { findLikedMakeIds } from '@/features/makes/server/repository';
import { languageAlternates } from '@/i18n/language-alternates';
import { getPathname, localizedHref } from '@/i18n/navigation';
import { languageTags, type Locale } from '@/i18n/routing';
import { currentVisitor, hasRole } from '@/server/auth/visitor';

import { localeOf } from '../../../route-params';

type Props = { params: Promise<{ locale: string; id: string }> };

/** The make; a hidden one only for its poster and admins (a 404 for everyone else). */
async function makeOf(locale: Locale, params: Props['params']) {
  const id = parseMakeId((await params).id);
  const user = id === null ? null : ((await currentVisitor())?.user ?? null);
  const viewer = user && { id: user.id, admin: hasRole(user, 'admin') };
  const make = id === null ? null : await getMake(locale, id, viewer);
  if (!make) notFound();
  return make;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const make = await makeOf(locale, params);
  const t = await getTranslations('makes.Make');
  const title = t('metaTitle', { model: make.model.title, username: make.maker.username });
  const id = String(make.id);
  return {
    title,
    description: make.description.slice(0, 160) || title,
    alternates: languageAlternates(locale, () => ({ pathname: '/galleries/makes/[id]', params: { id } })),
    openGraph: make.pictures[0] ? { images: [{ url: make.pictures[0].src }] } : undefined,
  };
}

/** One make: its pictures, how it was made, the model, likes; the poster may delete it, an admin remove it. */
export default async function MakePage({ params }: Props) {
  const locale = await localeOf(params);
  const make = await makeOf(locale, params);
  const [t, card, tModeration, visitor] = await Promise.all([
    getTranslations('makes.Make'),
    getTranslations('makes.Card'),
    getTranslations('makes.Moderation'),
    currentVisitor(),
  ]);
  const user = visitor?.user ?? null;
  const liked = user ? (await findLikedMakeIds(user.id, [make.id])).has(make.id) : null;
  const own = user?.id === make.maker.id;
  const admin = hasRole(user, 'admin');
  const pageHref = getPathname({
    locale,
    href: { pathname: '/galleries/makes/[id]', params: { id: String(make.id) } },
  });
  const countTexts = Object.fromEntries(
    [make.likes - 1, make.likes, make.likes + 1]
      .filter((n) => n >= 0)
      .map((n) => [String(n), card('likes', { count: n })]),
  );
  const date = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'long' }).format(
    new Date(make.createdAt),
  );
  const facts = (['printer', 'material', 'settings'] as const).filter((key) => make[key] !== '');
  return (
    <div className="container">
      <h1 className="page-title">{card('makeOf', { model: make.model.title })}</h1>
      <p className={styles.meta}>
        {t.rich('postedBy', {
          username: make.maker.username,
          date,
          designer: (chunks) => (
            <a
              href={getPathname({
                locale,
                href: { pathname: '/designers/[username]', params: { username: make.maker.username } },
              })}
            >
              {chunks}
            </a>
          ),
        })}
      </p>
      {make.hidden && (
        <p className={styles.hiddenNotice} role="note">
          {tModeration('hiddenNotice')}
        </p>
      )}
      <div className={styles.makeLayout}>
        <ul className={styles.makePictures} data-testid="make-pictures">
          {make.pictures.map((picture, index) => (
            <li key={picture.src}>
              <img
                src={picture.src.replace(/-360\.webp$/, '-720.webp')}
                srcSet={picture.srcSet}
                sizes="(min-width: 964px) 800px, 100vw"
                width={picture.width}
                height={picture.height}
                alt={t('pictureOf', {
                  n: index + 1,
                  total: make.pictures.length,
                  model: make.model.title,
                  username: make.maker.username,
                })}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </li>
          ))}
        </ul>
        <div>
          <MakeLikeButton
            makeId={make.id}
            likes={make.likes}
            liked={liked}
            logInHref={localizedHref(locale, '/login', { next: pageHref })}
            labels={{
              like: t('like'),
              liked: t('liked'),
              logInToLike: t('logInToLike'),
              likeFailed: t('likeFailed'),
              likeRateLimited: t('likeRateLimited'),
            }}
            countTexts={countTexts}
          />
          {make.description && <p className={styles.description}>{make.description}</p>}
          {facts.length > 0 && (
            <section aria-labelledby="make-details" className={styles.makeSection}>
              <h2 id="make-details">{t('details')}</h2>
              <dl className={styles.facts}>
                {facts.map((key) => (
                  <div key={key} style={{ display: 'contents' }}>
                    <dt>{t(key)}</dt>
                    <dd>{make[key]}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          <section aria-labelledby="make-model" className={styles.makeSection}>
            <h2 id="make-model">{t('model')}</h2>
            {make.model.url ? (
              <a href={make.model.url}>{make.model.title}</a>
            ) : (
              <span>{make.model.title}</span>
            )}
          </section>
          {user && !own && !make.hidden && (
            <ReportControl
              subjectType={makeSubjectType}
              subjectId={make.id}
              title={tModeration('reportTitle')}
              label={tModeration('reportLabel', { name: make.maker.username })}
            />
          )}
          {admin && (
            <div className={styles.moderation}>
              <PostButton
                endpoint={`/api/internal/makes/${make.id}/moderate`}
                json={{ action: make.hidden ? 'unhide' : 'hide' }}
                label={make.hidden ? tModeration('unhide') : tModeration('hide')}
                busyLabel={tModeration('working')}
                texts={{ failed: tModeration('failed') }}
              />
              {!own && (
                <ChoiceAction
                  endpoint={`/api/internal/makes/${make.id}/moderate`}
                  json={{ action: 'ban' }}
                  name="days"
                  choiceLabel={tModeration('banFor')}
                  options={banDays.map((days) => ({
                    value: days,
                    label: tModeration('banDays', { count: days }),
                  }))}
                  label={tModeration('ban', { name: make.maker.username })}
                  busyLabel={tModeration('working')}
                  failed={tModeration('failed')}
                />
              )}
            </div>
          )}
          {(own || admin) && (
            <p style={{ marginTop: 24 }}>
              <PostButton
                endpoint={`/api/internal/makes/${make.id}/delete`}
                json={{}}
                label={own ? t('delete') : t('remove')}
                busyLabel={t('deleting')}
                confirm={t('confirmDelete')}
                texts={{ failed: t('deleteFailed') }}
                then={make.model.url ?? localizedHref(locale, '/galleries')}
              />
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
