/** The jobs board's client components get their texts here (raw: they fill `{placeholders}` themselves). */
import { getTranslations } from 'next-intl/server';

import { rawTexts } from '@/i18n/raw-texts';

import { designerSkills } from '@/features/designers/api';

import { projectFields } from '../project-schemas';
import type { ProjectFormTexts } from './project-form';
import type { ProjectImageUploadTexts } from './project-image-upload';

/** The 16 skills' labels, from the designers' messages (one translation for profiles and projects). */
export async function skillLabels(): Promise<Record<string, string>> {
  const t = await getTranslations('designers.Skills');
  return Object.fromEntries(designerSkills.map((skill) => [skill, t(skill)]));
}

export async function projectFormTexts(): Promise<ProjectFormTexts> {
  const t = await getTranslations('freelance.ProjectForm');
  return rawTexts(t, [
    ...projectFields,
    'required',
    'title_length',
    'description_long',
    'budget_format',
    'budget_range',
    'deadline_format',
    'deadline_range',
    'software_count',
    'software_length',
    'skills_required',
    'invalid_choice',
    'links_count',
    'link_invalid',
    'budgetHint',
    'deadlineHint',
    'softwareHint',
    'skillsHint',
    'referenceLinksHint',
    'remainingOne',
    'remainingOther',
    'save',
    'saving',
    'failed',
    'not_editable',
    'no_custom_requests',
    'rate_limited',
  ]);
}

export async function projectImageUploadTexts(): Promise<ProjectImageUploadTexts> {
  const t = await getTranslations('freelance.ProjectForm');
  return rawTexts(t, [
    'type',
    'too_large',
    'empty',
    'content',
    'name',
    'limit',
    'not_editable',
    'imagesLabel',
    'imagesHint',
    'uploadFailed',
    'uploading',
    'uploaded',
    'progress',
  ]);
}
