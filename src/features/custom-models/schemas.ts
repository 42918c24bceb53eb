/**
 * The custom-model service's input rules, shared by the form (before sending) and the server
 * (authoritative): a request's fields, its product links, the buyer's change note and QA's note.
 */
import type { CustomModelComplexity, CustomModelStatus, CustomModelStep } from './custom-model-lifecycle';
import { type modelFileFormats } from '@/features/geometry/api';

import { isCustomModelComplexity } from './pricing';

export const titleLength = { min: 5, max: 100 } as const;
export const descriptionLength = { min: 20, max: 5_000 } as const;
export const noteLength = { min: 10, max: 2_000 } as const;
export const maxReferenceLinks = 10;
export const maxReferenceLinkLength = 500;
export const maxReferenceImages = 10;
/** Result files (models and pictures) a designer may upload in one round. */
export const maxResultFilesPerRound = 20;

/** The formats a buyer may ask for (the usual exchange and print formats; all are upload formats too). */
export const wantedFileFormats = [
  'stl',
  'obj',
  'fbx',
  'glb',
  'gltf',
  '3mf',
  'blend',
  'step',
  'dae',
  'usdz',
  'max',
  'c4d',
] as const satisfies readonly (typeof modelFileFormats)[number][];

export type RequestField = 'title' | 'description' | 'complexity' | 'fileFormats' | 'referenceLinks';
export type RequestFieldError =
  'required' | 'title_length' | 'description_length' | 'invalid_choice' | 'links_count' | 'link_invalid';

export interface CustomModelRequestInput {
  title: string;
  description: string;
  complexity: CustomModelComplexity;
  fileFormats: string[];
  referenceLinks: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Product links typed one per line (or given as a list): blank lines dropped, duplicates once, each an
 * absolute http(s) URL without credentials of at most 500 characters. At most 10.
 */
export function parseReferenceLinks(
  input: unknown,
): { ok: true; links: string[] } | { ok: false; error: 'links_count' | 'link_invalid' } {
  const lines = (
    Array.isArray(input) ? input.map(String) : typeof input === 'string' ? input.split(/\r?\n/) : []
  )
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const links = [...new Set(lines)];
  for (const link of links) {
    if (link.length > maxReferenceLinkLength) return { ok: false, error: 'link_invalid' };
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return { ok: false, error: 'link_invalid' };
    }
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.username ||
      url.password ||
      !url.hostname.includes('.')
    )
      return { ok: false, error: 'link_invalid' };
  }
  if (links.length > maxReferenceLinks) return { ok: false, error: 'links_count' };
  return { ok: true, links };
}

export function validateCustomModelRequest(
  input: Record<string, unknown>,
):
  | { ok: true; value: CustomModelRequestInput }
  | { ok: false; fieldErrors: Partial<Record<RequestField, RequestFieldError>> } {
  const errors: Partial<Record<RequestField, RequestFieldError>> = {};
  const title = text(input.title);
  if (title === '') errors.title = 'required';
  else if ([...title].length < titleLength.min || [...title].length > titleLength.max)
    errors.title = 'title_length';
  const description = text(input.description);
  if (description === '') errors.description = 'required';
  else if ([...description].length < descriptionLength.min || [...description].length > descriptionLength.max)
    errors.description = 'description_length';
  const complexity = input.complexity;
  if (complexity === undefined || complexity === null || complexity === '') errors.complexity = 'required';
  else if (!isCustomModelComplexity(complexity)) errors.complexity = 'invalid_choice';
  const formats = Array.isArray(input.fileFormats) ? input.fileFormats.map(String) : [];
  const allowed: readonly string[] = wantedFileFormats;
  if (formats.some((format) => !allowed.includes(format)) || formats.length > allowed.length)
    errors.fileFormats = 'invalid_choice';
  const links = parseReferenceLinks(input.referenceLinks);
  if (!links.ok) errors.referenceLinks = links.error;
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    value: {
      title,
      description,
      complexity: complexity as CustomModelComplexity,
      fileFormats: [...new Set(formats)],
      referenceLinks: links.ok ? links.links : [],
    },
  };
}

/** A change request's or QA's note: required, 10–2,000 characters. */
export function validateNote(
  input: unknown,
): { ok: true; note: string } | { ok: false; error: 'required' | 'note_length' } {
  const note = text(input);
  if (note === '') return { ok: false, error: 'required' };
  const length = [...note].length;
  if (length < noteLength.min || length > noteLength.max) return { ok: false, error: 'note_length' };
  return { ok: true, note };
}

export type ViewerRole = 'buyer' | 'designer' | 'admin';

export interface CustomModelFileDto {
  id: number;
  kind: 'reference' | 'result';
  round: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export interface CustomModelEventDto {
  position: number;
  status: CustomModelStatus;
  actorName: string | null;
  note: string | null;
  createdAt: Date;
}

export interface CustomModelRequestDto {
  id: number;
  buyerId: number;
  buyerName: string;
  title: string;
  description: string;
  complexity: CustomModelComplexity;
  fileFormats: string[];
  referenceLinks: string[];
  priceCents: number;
  status: CustomModelStatus;
  step: CustomModelStep;
  orderId: number | null;
  orderStatus: string | null;
  designerId: number | null;
  designerName: string | null;
  note: string | null;
  round: number;
  createdAt: Date;
  paidAt: Date | null;
  approvedAt: Date | null;
}

export interface CustomModelSummaryDto {
  id: number;
  title: string;
  complexity: CustomModelComplexity;
  status: CustomModelStatus;
  step: CustomModelStep;
  priceCents: number;
  buyerName: string;
  designerName: string | null;
  round: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface DesignerChoiceDto {
  id: number;
  name: string;
  rating: number;
  ratingCount: number;
  projectsDone: number;
}
