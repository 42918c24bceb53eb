/** Values of the commerce enums, shared by the database schema and the features' rules. */

/** An order's lifecycle (lib/order-lifecycle.ts has the transitions). */
export const orderStatuses = ['pending', 'paid', 'fulfilled', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Kinds of loyalty-ledger entries (spec §3 "Points account"). */
/** `rewarded`: a community reward (a challenge prize, a referral), granted once per `reward_key`. */
export const pointsEntryKinds = ['earned', 'spent', 'expired', 'gifted', 'refunded', 'rewarded'] as const;
export type PointsEntryKind = (typeof pointsEntryKinds)[number];

/**
 * What an order pays for: models from the cart (with order lines), or a service: the custom-model
 * creation service or a freelance project's agreed price (no order lines; the request or project
 * points to the order). Every kind goes through the same payment provider and order lifecycle.
 */
export const orderKinds = ['models', 'custom_model', 'project'] as const;
export type OrderKind = (typeof orderKinds)[number];

/**
 * Kinds of a designer's earnings-ledger entries: a payment for work (a freelance project or a custom
 * model, net of the platform fee, which is written as its own negative entry for the record) and payouts.
 */
export const earningKinds = ['project_payment', 'custom_model_payment', 'platform_fee', 'payout'] as const;
export type EarningKind = (typeof earningKinds)[number];
