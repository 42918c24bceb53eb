import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { ModelGrid } from '@/features/catalog/components/model-grid';
import { Pagination } from '@/features/catalog/components/pagination';
import {
  listingSortMessages,
  listingSorts,
  noFilters,
  parseListingFilters,
  type ListingSort,
} from '@/features/catalog/schemas';
import { getModelPage } from '@/features/catalog/server/queries';
import { DesignerAbout } from '@/features/designers/components/designer-about';
import { DesignerProfile } from '@/features/designers/components/designer-profile';
import { FollowDesigner } from '@/features/designers/components/follow-designer';
import { ImageGallery } from '@/features/designers/components/image-gallery';
import { MakeGrid } from '@/features/makes/components/make-grid';
import { getMakesPage, getRendersPage } from '@/features/makes/server/queries';
import { OptionLinks } from '@/features/designers/components/option-links';
import { profileTabHref, ProfileTabs } from '@/features/designers/components/profile-tabs';
import { SectionHead } from '@/features/designers/components/section-head';
import { ReviewsPanel } from '@/features/designers/components/reviews-panel';
import {
  galleryPerPage,
  parseProfileQuery,
  profileTabs,
  reviewDirections,
  reviewSorts,
  type DesignerProfileDto,
  type ProfileQuery,
} from '@/features/designers/schemas';
import { getDesignerByUsername, getDesignerReviews } from '@/features/designers/server/queries';
import { DesignerTutorials } from '@/features/tutorials/components/designer-tutorials';
import { getDesignerTutorialCards } from '@/features/tutorials/server/api';
import type { Locale } from '@/i18n/routing';
import type { QueryParams } from '@/lib/query-string';
import { decodePathSegment } from '@/lib/path-segment';

import { languageAlternates } from '@/i18n/language-alternates';
import { localizedHref } from '@/i18n/navigation';
import { currentUser } from '@/server/auth/visitor';
import { localeOf } from '../../route-params';
import { MessageDesigner } from '@/features/conversations/components/message-designer';
import { ProfilePrintlists } from '@/features/printlists/components/profile-printlists';
import { ChallengeWins } from '@/features/challenges/components/challenge-wins';

type SearchParams = Record<string, string | string[] | undefined>;
type Props = {
  params: Promise<{ locale: string; username: string }>;
  searchParams: Promise<SearchParams>;
};

async function designerOf(params: Props['params']) {
  const username = decodePathSegment((await params).username);
  const designer = username === null ? null : await getDesignerByUsername(username);
  if (!designer) notFound();
  return designer;
}

/** The designer's models tab sorts like the catalogue listing, without "best match" (there is no search). */
const modelSorts = listingSorts.filter((sort) => sort !== 'best_match');
const defaultModelSort: ListingSort = noFilters.sort;

function modelSortOf(query: ProfileQuery): ListingSort {
  const { sort } = parseListingFilters({ sort: query.sort });
  return (modelSorts as readonly string[]).includes(sort) ? sort : defaultModelSort;
}

/**
 * The query that identifies a tab's page in its canonical URL: the tab, received or given, and the
 * page; a sort only reorders the same content, so it is left out (as is anything else in the URL).
 */
function canonicalQuery(query: ProfileQuery): QueryParams {
  const page = query.page > 1 ? query.page : null;
  switch (query.tab) {
    case 'reviews':
      return { reviews: reviewDirectionParam(query), page };
    case 'models':
    case 'gallery':
      return { page };
    default:
      return {};
  }
}

const reviewDirectionParam = (query: ProfileQuery) =>
  query.reviewDirection === reviewDirections[0] ? null : query.reviewDirection;

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const locale = await localeOf(params);
  const designer = await designerOf(params);
  const query = parseProfileQuery(await searchParams);
  const [t, tabs] = await Promise.all([
    getTranslations('designers.Profile'),
    getTranslations('designers.Tabs'),
  ]);
  const member = !designer.isDesigner;
  const title =
    query.tab === profileTabs[0]
      ? t(member ? 'memberMetaTitle' : 'metaTitle', { username: designer.username })
      : t(member ? 'memberTabMetaTitle' : 'tabMetaTitle', {
          username: designer.username,
          tab: tabs(query.tab),
        });
  const alternates = languageAlternates(locale, () => ({
    pathname: '/designers/[username]',
    params: { username: designer.username },
  }));
  // Every tab is its own page for search engines: its canonical and hreflang URLs keep its query.
  const withQuery = (path: string) =>
    profileTabHref(locale, designer.username, query.tab, canonicalQuery(query)).replace(/^[^?]*/, path);
  return {
    title,
    description: designer.about.slice(0, 160) || title,
    alternates: {
      canonical: withQuery(String(alternates!.canonical)),
      languages: Object.fromEntries(
        Object.entries(alternates!.languages ?? {}).map(([tag, path]) => [tag, withQuery(String(path))]),
      ),
    },
  };
}

/** A designer's profile: the head, the tabs (3D models, reviews, image gallery, tutorials, about). */
export default async function DesignerPage({ params, searchParams }: Props) {
  const locale = await localeOf(params);
  const designer = await designerOf(params);
  const query = parseProfileQuery(await searchParams);
  return (
    <div className="container">
      <DesignerProfile
        designer={designer}
        follow={designer.isDesigner ? <FollowDesigner locale={locale} designer={designer} /> : undefined}
      />
      <ChallengeWins locale={locale} userId={designer.id} />
      <MessageDesigner locale={locale} username={designer.username} userId={designer.id} />
      <EditOwnProfile locale={locale} userId={designer.id} />
      <ProfileTabs username={designer.username} active={query.tab} />
      <TabContent locale={locale} designer={designer} query={query} />
      {query.tab === profileTabs[0] && <ProfilePrintlists locale={locale} userId={designer.id} />}
    </div>
  );
}

/** On one's own profile, the way to change it. */
async function EditOwnProfile({ locale, userId }: { locale: Locale; userId: number }) {
  const user = await currentUser();
  if (user?.id !== userId) return null;
  const t = await getTranslations('profile.Edit');
  return (
    <p>
      <a className="button button-secondary" href={localizedHref(locale, '/account/profile')}>
        {t('title')}
      </a>
    </p>
  );
}

async function TabContent({
  locale,
  designer,
  query,
}: {
  locale: Locale;
  designer: DesignerProfileDto;
  query: ProfileQuery;
}) {
  const username = designer.username;
  const href = { pathname: '/designers/[username]', params: { username } } as const;
  switch (query.tab) {
    case 'models': {
      const sort = modelSortOf(query);
      const [t, sorts, page] = await Promise.all([
        getTranslations('designers.Profile'),
        getTranslations('catalog.ListingControls'),
        getModelPage({ locale, filters: { ...noFilters, author: username, sort }, page: query.page }),
      ]);
      if (!page) notFound();
      const sortQuery = { sort: sort === defaultModelSort ? null : sort };
      return (
        <section aria-labelledby="models-heading">
          <SectionHead id="models-heading" title={t('modelsHeading', { count: page.total })}>
            {page.total > 1 && (
              <OptionLinks
                label={sorts('sortBy')}
                options={modelSorts.map((key) => ({
                  key,
                  label: sorts(listingSortMessages[key]),
                  href: profileTabHref(locale, username, 'models', {
                    sort: key === defaultModelSort ? null : key,
                  }),
                  current: key === sort,
                }))}
              />
            )}
          </SectionHead>
          <ModelGrid models={page.items} headingLevel={3} />
          <Pagination href={href} query={sortQuery} page={page.page} pageCount={page.pageCount} />
        </section>
      );
    }
    case 'reviews': {
      const reviews = await getDesignerReviews({
        userId: designer.id,
        direction: query.reviewDirection,
        sort: query.reviewSort,
        page: query.page,
      });
      if (!reviews) notFound();
      return (
        <>
          <ReviewsPanel
            username={username}
            reviews={reviews}
            direction={query.reviewDirection}
            sort={query.reviewSort}
          />
          <Pagination
            href={href}
            query={{
              tab: 'reviews',
              reviews: reviewDirectionParam(query),
              sort: query.reviewSort === reviewSorts[0] ? null : query.reviewSort,
            }}
            page={reviews.page}
            pageCount={reviews.pageCount}
          />
        </>
      );
    }
    case 'gallery': {
      const [t, makes, page] = await Promise.all([
        getTranslations('designers.Gallery'),
        getTranslations('makes.Profile'),
        getRendersPage({
          locale,
          designerId: designer.id,
          withArtwork: true,
          order: 'newest',
          page: query.page,
          perPage: galleryPerPage,
        }),
      ]);
      if (!page) notFound();
      return (
        <>
          <section aria-labelledby="gallery-heading">
            <SectionHead id="gallery-heading" title={t('heading', { count: page.models })} />
            <ImageGallery
              empty={t('empty')}
              items={page.items.map((render) => ({
                id: render.modelId * 1000 + render.position,
                title: render.title,
                href: render.url ?? '',
                image: render.image,
              }))}
            />
            <Pagination href={href} query={{ tab: 'gallery' }} page={page.page} pageCount={page.pageCount} />
          </section>
          {query.page === 1 && <MemberMakes locale={locale} designer={designer} heading={makes} />}
        </>
      );
    }
    case 'tutorials': {
      const viewer = await currentUser();
      return (
        <DesignerTutorials
          tutorials={await getDesignerTutorialCards(designer.id, viewer?.id ?? null)}
          username={username}
          locale={locale}
          own={viewer?.id === designer.id}
        />
      );
    }
    case 'about':
      return <DesignerAbout designer={designer} />;
  }
}

/** The makes a member posted, newest first, below their gallery (decision 0044). */
async function MemberMakes({
  locale,
  designer,
  heading,
}: {
  locale: Locale;
  designer: DesignerProfileDto;
  heading: Awaited<ReturnType<typeof getTranslations<'makes.Profile'>>>;
}) {
  const page = await getMakesPage({ locale, filter: { userId: designer.id }, order: 'newest', page: 1 });
  if (!page || page.total === 0) return null;
  return (
    <section aria-labelledby="member-makes-heading">
      <SectionHead
        id="member-makes-heading"
        title={heading('makesHeading', { username: designer.username, count: page.total })}
      />
      <MakeGrid locale={locale} makes={page.items} />
    </section>
  );
}
