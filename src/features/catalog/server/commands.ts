/**
 * Model views (spec §2 "views"): the model page reports a view once it is shown; a visitor — known by a
 * random cookie, stored only as a hash — counts once per model and day, however often they reload.
 */
import { createHash, randomBytes } from 'node:crypto';

import { insertModelView } from './repository';

export const visitorCookie = 'visitor_id';
export const visitorCookieMaxAge = 365 * 24 * 3600;

/** A new visitor id: 128 random bits. */
export const newVisitorId = () => randomBytes(16).toString('base64url');

export const isVisitorId = (value: string | undefined): value is string =>
  value !== undefined && /^[A-Za-z0-9_-]{22}$/.test(value);

export async function countModelView(modelId: number, visitorId: string, now = new Date()) {
  const visitor = createHash('sha256').update(visitorId).digest('base64url');
  return insertModelView(modelId, visitor, now.toISOString().slice(0, 10));
}
