/**
 * `npm run payments:reconcile`: settles the orders pending for longer than PAYMENT_PENDING_SECONDS
 * once (decision 0038), prints what became of them, then exits.
 */
import { runCli } from '@/server/cli';
import { getDatabase } from '@/server/db/client';

import { runPaymentReconciliation } from './payment-reconciliation';

await runCli(async () => {
  await getDatabase();
  const summary = await runPaymentReconciliation();
  console.log(`Payment reconciliation: ${JSON.stringify(summary)}`);
  return summary.errors > 0 ? 1 : 0;
});
