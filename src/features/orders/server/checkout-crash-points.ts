/**
 * Named points of a payment where a test may stop the server (CHECKOUT_TEST_PAUSE_AT, allowed only with
 * the test payment provider): the process says so on stderr and waits for ever, and the test kills it
 * there with SIGKILL. Elsewhere this does nothing.
 */
import { env } from '@/env';

export type CheckoutCrashPoint = NonNullable<typeof env.CHECKOUT_TEST_PAUSE_AT>;

export async function checkoutCrashPoint(point: CheckoutCrashPoint): Promise<void> {
  if (env.PAYMENT_PROVIDER !== 'test' || env.CHECKOUT_TEST_PAUSE_AT !== point) return;
  process.stderr.write(`checkout paused at ${point}\n`);
  await new Promise<never>(() => {});
}
