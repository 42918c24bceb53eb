/**
 * Model views (spec §2 "views"): the model page reports a view once it is shown; a visitor — known by a
 * random cookie, or without one by their address and user agent, stored only as a hash — counts once
 * per model and day, however often they reload. Cookies cost nothing to make up, so at most
 * `viewersPerAddress` visitors a day count per model from one address (decision 0039).
 */
import { createHash, randomBytes } from 'node:crypto';

import { sign } from '@/server/auth/signing';

import { insertModelView } from './repository';

export const visitorCookie = 'visitor_id';
export const visitorCookieMaxAge = 365 * 24 * 3600;

/** Visitors a day whose views of one model count from one address (a household, a small office). */
export const viewersPerAddress = 5;

/** A new visitor id: 128 random bits. */
export const newVisitorId = () => randomBytes(16).toString('base64url');

export const isVisitorId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{22}$/.test(value);

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Who viewed: the visitor cookie they sent (or null, and the one they are given now), their address
 * group and user agent.
 */
export interface Viewer {
  visitorId: string | null;
  newVisitorId?: string;
  address: string;
  userAgent: string;
}

export async function countModelView(modelId: number, viewer: Viewer, now = new Date()) {
  return insertModelView(modelId, {
    // The cookie's hash is what was stored before addresses were looked at: visitors keep their identity.
    // Addresses are keyed with the server's secret: a stored hash cannot be turned back into one.
    visitor: viewer.visitorId
      ? hash(viewer.visitorId)
      : sign(`model-view-visitor\n${viewer.address}\n${viewer.userAgent}`),
    alias: viewer.visitorId || !viewer.newVisitorId ? undefined : hash(viewer.newVisitorId),
    address: sign(`model-view-address\n${viewer.address}`),
    day: now.toISOString().slice(0, 10),
    perAddress: viewersPerAddress,
  });
}
