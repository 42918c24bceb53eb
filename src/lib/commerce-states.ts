/** Values of the commerce enums, shared by the database schema and the features' rules. */

/** An order's lifecycle (features/orders/order-lifecycle.ts has the transitions). */
export const orderStatuses = ['pending', 'paid', 'fulfilled', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Kinds of loyalty-ledger entries (spec §3 "Points account"). */
export const pointsEntryKinds = ['earned', 'spent', 'expired', 'gifted', 'refunded'] as const;
export type PointsEntryKind = (typeof pointsEntryKinds)[number];
