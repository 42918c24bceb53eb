import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { rawTexts } from '@/i18n/raw-texts';

import { AvatarEditor, type AvatarEditorTexts } from '@/features/accounts/components/avatar-editor';
import { userOrLogIn } from '@/features/accounts/server/page-access';
import { findAvatarKey } from '@/features/accounts/server/profile-repository';
import { designerSkills } from '@/features/designers/api';
import { ProfileForm, type ProfileFormTexts } from '@/features/designers/components/profile-form';
import { getEditableProfile } from '@/features/designers/server/queries';
import { localizedHref } from '@/i18n/navigation';
import { hasRole } from '@/server/auth/visitor';
import { avatarImageOf } from '@/server/images/avatar-image';

import { localeOf } from '../../route-params';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('profile.Edit');
  return { title: t('metaTitle'), robots: { index: false } };
}

/** The member edits their public profile: picture, name, about, links; a designer also skills and software. */
export default async function EditProfilePage({ params }: Props) {
  const locale = await localeOf(params);
  const user = await userOrLogIn(locale, '/account/profile');
  const [t, avatarT, skills, profile, avatarKey] = await Promise.all([
    getTranslations('profile.Edit'),
    getTranslations('profile.Avatar'),
    getTranslations('designers.Skills'),
    getEditableProfile(user.id),
    findAvatarKey(user.id),
  ]);
  const isDesigner = hasRole(user, 'seller');
  const publicProfileHref = localizedHref(locale, {
    pathname: '/designers/[username]',
    params: { username: user.username },
  });
  const formTexts: ProfileFormTexts = {
    ...rawTexts(t, [
      'displayName',
      'displayNameHint',
      'about',
      'remaining',
      'links',
      'linksHint',
      'linkLabel',
      'skills',
      'software',
      'customRequests',
      'acceptsCustomRequests',
      'customRequestsHint',
      'save',
      'saving',
      'saved',
      'viewPublicProfile',
      'failed',
      'rate_limited',
      'display_name_long',
      'about_long',
      'invalid_choice',
      'link_invalid',
      'link_long',
    ]),
    skillNames: Object.fromEntries(designerSkills.map((skill) => [skill, skills(skill)])),
  };
  const avatarTexts: AvatarEditorTexts = rawTexts(avatarT, [
    'heading',
    'hint',
    'choose',
    'uploading',
    'remove',
    'removing',
    'uploaded',
    'removed',
    'picture',
    'avatar_type',
    'avatar_too_large',
    'avatar_dimensions',
    'rate_limited',
    'failed',
  ]);
  return (
    <div className="container narrow-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">
        {t('lead')} <a href={publicProfileHref}>{t('viewPublicProfile')}</a>
      </p>
      <AvatarEditor username={user.username} initial={avatarImageOf(avatarKey)} texts={avatarTexts} />
      <h2 className="section-title">{t('detailsHeading')}</h2>
      <ProfileForm
        isDesigner={isDesigner}
        publicProfileHref={publicProfileHref}
        texts={formTexts}
        initial={{
          displayName: user.displayName ?? '',
          about: profile.about,
          links: profile.links,
          skills: profile.skills,
          software: profile.software,
          acceptsCustomRequests: profile.acceptsCustomRequests,
        }}
      />
      {!isDesigner && <p>{t('designerFieldsNote')}</p>}
    </div>
  );
}
