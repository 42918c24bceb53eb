/**
 * Whether two buyers paid with one card (referral abuse, decision 0048). Only the built-in test
 * provider keeps the card it charged (in its own books); Stripe's card fingerprint is not stored by
 * the orders yet, so with Stripe this finds nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Transaction } from '@/server/db/client';

import { orders } from './schema';
import { testPaymentCharges } from './test-payments-schema';

type Charges = typeof testPaymentCharges;

/** The card number of a succeeded test charge: its fingerprint is a JSON array, card details 5th. */
const cardOf = (c: Charges) =>
  sql`case when ${c.status} = 'succeeded' and ${c.fingerprint} like '[%' then (${c.fingerprint}::jsonb -> 4 ->> 0) end`;

/** Whether the card that paid `orderId` also paid an order of `otherUserId`. */
export async function paidWithCardOf(
  tx: Transaction,
  orderId: number,
  otherUserId: number,
): Promise<boolean> {
  const o1 = alias(orders, 'o1');
  const o2 = alias(orders, 'o2');
  const c1 = alias(testPaymentCharges, 'c1');
  const c2 = alias(testPaymentCharges, 'c2');
  const rows = await tx
    .select({ id: o2.id })
    .from(o1)
    .innerJoin(c1, eq(c1.reference, o1.paymentReference))
    .innerJoin(c2, sql`${cardOf(c2 as unknown as Charges)} = ${cardOf(c1 as unknown as Charges)}`)
    .innerJoin(o2, eq(o2.paymentReference, c2.reference))
    .where(and(eq(o1.id, orderId), eq(o2.userId, otherUserId)))
    .limit(1);
  return rows.length > 0;
}
