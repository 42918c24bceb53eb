/** The test payment provider's books in the database (test-payments-schema.ts), shared by all processes. */
import { and, eq } from 'drizzle-orm';

import { getDb } from '@/server/db/client';

import { refundCheck, type TestChargeRecord, type TestChargeStore } from './payments/test-provider';
import { testPaymentCharges } from './test-payments-schema';

const columns = {
  idempotencyKey: testPaymentCharges.idempotencyKey,
  fingerprint: testPaymentCharges.fingerprint,
  amountCents: testPaymentCharges.amountCents,
  status: testPaymentCharges.status,
  code: testPaymentCharges.code,
  message: testPaymentCharges.message,
  reference: testPaymentCharges.reference,
  settlesAt: testPaymentCharges.settlesAt,
  refundedCents: testPaymentCharges.refundedCents,
};

async function findBy(where: ReturnType<typeof eq>): Promise<TestChargeRecord | undefined> {
  const db = await getDb();
  const [row] = await db.select(columns).from(testPaymentCharges).where(where);
  return row;
}

export const databaseTestChargeStore: TestChargeStore = {
  find: (idempotencyKey) => findBy(eq(testPaymentCharges.idempotencyKey, idempotencyKey)),

  async insert(record) {
    const db = await getDb();
    const [inserted] = await db
      .insert(testPaymentCharges)
      .values(record)
      .onConflictDoNothing({ target: testPaymentCharges.idempotencyKey })
      .returning(columns);
    if (inserted) return { record: inserted, inserted: true };
    const existing = await findBy(eq(testPaymentCharges.idempotencyKey, record.idempotencyKey));
    return { record: existing!, inserted: false };
  },

  async refund(reference, amountCents) {
    const charge = await findBy(eq(testPaymentCharges.reference, reference));
    const outcome = refundCheck(charge, amountCents);
    if (outcome !== 'refunded') return { outcome, amountCents: charge?.amountCents };
    const db = await getDb();
    // Compare-and-set: of two refunds at once, one goes through.
    const updated = await db
      .update(testPaymentCharges)
      .set({ refundedCents: amountCents })
      .where(and(eq(testPaymentCharges.reference, reference), eq(testPaymentCharges.refundedCents, 0)))
      .returning({ reference: testPaymentCharges.reference });
    return {
      outcome: updated.length > 0 ? 'refunded' : 'already_refunded',
      amountCents: charge!.amountCents,
    };
  },
};
