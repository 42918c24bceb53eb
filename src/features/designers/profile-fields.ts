/**
 * The profile form's rules (decision 0034), checked in the browser before sending and on the server:
 * display name, about text, links for every member; skills, software and the custom-requests switch
 * for designers.
 */
import { designerSkills, designerSoftware, isDesignerSkill, isDesignerSoftware } from './designer-skills';

export const displayNameMaxLength = 50;
export const aboutMaxLength = 2000;
export const maxProfileLinks = 5;
export const linkMaxLength = 200;

export type ProfileField = 'displayName' | 'about' | 'skills' | 'software' | `link${number}`;
export type ProfileFieldError =
  'display_name_long' | 'about_long' | 'invalid_choice' | 'link_invalid' | 'link_long';

export interface ProfileInput {
  /** Null: none (the username is shown). */
  displayName: string | null;
  about: string;
  skills: string[];
  software: string[];
  links: string[];
  acceptsCustomRequests: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
/** Control characters other than line breaks and tabs never belong in a profile's text. */
const withoutControls = (value: string) =>
  value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

/**
 * A link as typed ("example.com/me" or "https://example.com/me") as the absolute http(s) URL stored,
 * or null when it is not a web address (another scheme, no host name with a dot, credentials in it).
 */
export function normalizeLink(typed: string): string | null {
  const trimmed = typed.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname;
  if (!/^[a-z0-9.-]+$/i.test(host) || !host.includes('.') || host.startsWith('.') || host.endsWith('.'))
    return null;
  if (!/[a-z]/i.test(host.slice(host.lastIndexOf('.') + 1))) return null;
  return url.href;
}

/** What a link shows: its host (without "www.") and path, not the scheme. */
export function linkLabel(href: string): string {
  const url = new URL(href);
  const path = `${url.pathname === '/' ? '' : url.pathname}${url.search}`;
  return `${url.hostname.replace(/^www\./i, '')}${path}`.replace(/\/$/, '');
}

/** Checks and normalizes the form's values; skills and software are kept in the lists' order, each once. */
export function validateProfileInput(
  input: Record<string, unknown>,
):
  | { ok: true; value: ProfileInput }
  | { ok: false; fieldErrors: Partial<Record<ProfileField, ProfileFieldError>> } {
  const errors: Partial<Record<ProfileField, ProfileFieldError>> = {};
  const displayName = withoutControls(text(input.displayName)).replace(/\s+/g, ' ').trim();
  if (displayName.length > displayNameMaxLength) errors.displayName = 'display_name_long';
  const about = withoutControls(text(input.about).replace(/\r\n?/g, '\n')).trim();
  if (about.length > aboutMaxLength) errors.about = 'about_long';
  const skills = strings(input.skills);
  if (skills.some((skill) => !isDesignerSkill(skill))) errors.skills = 'invalid_choice';
  const software = strings(input.software);
  if (software.some((name) => !isDesignerSoftware(name))) errors.software = 'invalid_choice';
  const typedLinks = strings(input.links).slice(0, maxProfileLinks);
  const links: string[] = [];
  typedLinks.forEach((typed, index) => {
    if (typed.trim() === '') return;
    if (typed.trim().length > linkMaxLength) return (errors[`link${index}`] = 'link_long');
    const link = normalizeLink(typed);
    if (!link) return (errors[`link${index}`] = 'link_invalid');
    if (!links.includes(link)) links.push(link);
  });
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    value: {
      displayName: displayName === '' ? null : displayName,
      about,
      skills: designerSkills.filter((skill) => skills.includes(skill)),
      software: designerSoftware.filter((name) => software.includes(name)),
      links,
      acceptsCustomRequests: input.acceptsCustomRequests !== false,
    },
  };
}
