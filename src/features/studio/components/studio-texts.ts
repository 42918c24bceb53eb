/** The studio's client components get their texts translated here, from one place per component. */
import { getTranslations } from 'next-intl/server';

import { rawTexts } from '@/i18n/raw-texts';

import { lengthUnits, licenceTypes, modelStatuses } from '@/features/catalog/api';

import type { DetailsFormTexts } from './model-details-form';
import type { FilesTexts } from './model-files';
import type { ReviewFormTexts } from './review-form';
import type { StudioListTexts } from './studio-model-list';
import type { UploadTexts } from './upload-panel';

export async function detailsFormTexts(): Promise<DetailsFormTexts> {
  const [t, licence, own] = await Promise.all([
    getTranslations('studio.Details'),
    getTranslations('catalog.Licence'),
    getTranslations('modelLifecycle.Details'),
  ]);
  return {
    ...rawTexts(own, ['licenceTerms', 'licenceTermsHint', 'terms_required', 'terms_length']),
    ...rawTexts(t, [
      'title',
      'description',
      'categoryId',
      'tags',
      'price',
      'licence',
      'unit',
      'walletEligible',
      'productTypeModels',
      'productTypePrint',
      'chooseCategory',
      'tagsHint',
      'priceHint',
      'unitHint',
      'walletHint',
      'remaining',
      'save',
      'saving',
      'saved',
      'failed',
      'required',
      'title_length',
      'description_long',
      'tags_count',
      'tag_length',
      'price_format',
      'price_range',
      'invalid_choice',
    ]),
    licences: Object.fromEntries(licenceTypes.map((l) => [l, licence(l)])),
    units: Object.fromEntries(
      Object.entries(
        rawTexts(
          t,
          lengthUnits.map((u) => `units.${u}` as const),
        ),
      ).map(([key, text]) => [key.slice('units.'.length), text]),
    ),
  };
}

export async function uploadTexts(kind: 'file' | 'picture', maxMegabytes: number): Promise<UploadTexts> {
  const t = await getTranslations('studio.Upload');
  return {
    ...rawTexts(t, [
      'type',
      'too_large',
      'empty',
      'content',
      'name',
      'limit',
      'failed',
      'uploading',
      'uploaded',
      'progress',
    ]),
    label: kind === 'file' ? t('fileLabel') : t('pictureLabel'),
    hint: kind === 'file' ? t('fileHint', { max: maxMegabytes }) : t('pictureHint'),
  };
}

export async function filesTexts(): Promise<FilesTexts> {
  const t = await getTranslations('studio.Files');
  return {
    ...rawTexts(t, [
      'queued',
      'running',
      'done',
      'failed',
      'not_analysed',
      'empty',
      'progress',
      'triangles',
      'vertices',
      'volume',
      'size',
      'watertight',
      'selfIntersections',
      'thinWalls',
      'degenerateFaces',
      'yes',
      'no',
      'notMeasured',
    ]),
    remove: { label: t('remove'), busy: t('removing'), failed: t('removeFailed') },
  };
}

export async function reviewFormTexts(): Promise<ReviewFormTexts> {
  const t = await getTranslations('admin.Reviews');
  return rawTexts(t, [
    'score',
    'scoreHint',
    'note',
    'noteHint',
    'approve',
    'reject',
    'sending',
    'approved',
    'rejected',
    'score_range',
    'note_required',
    'conflict',
    'failed',
  ]);
}

/** The model tables' texts (studio list and review queue). */
export async function studioListTexts(): Promise<StudioListTexts> {
  const [t, status] = await Promise.all([
    getTranslations('studio.MyModels'),
    getTranslations('studio.Status'),
  ]);
  return {
    model: t('model'),
    status: t('status'),
    review: t('review'),
    price: t('price'),
    views: t('views'),
    sales: t('sales'),
    updated: t('updated'),
    free: t('free'),
    statuses: Object.fromEntries(modelStatuses.map((s) => [s, status(s)])) as StudioListTexts['statuses'],
    reviewLabel: (model) =>
      model.reviewRequested
        ? status('waiting')
        : model.reviewStatus === 'reviewed'
          ? status('reviewedWithScore', { score: model.reviewScore ?? 0 })
          : status('not_reviewed'),
    openLabel: (title: string) => t('edit', { title }),
  };
}
