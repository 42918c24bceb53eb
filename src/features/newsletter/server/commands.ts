import { subscriptionSchema } from '../schemas';
import { insertSubscription } from './repository';

export type SubscribeResult = { ok: true } | { ok: false; fieldErrors: { email: 'invalid_email' } };

/** Validates and stores a newsletter subscription; subscribing twice is not an error. */
export async function subscribeToNewsletter(input: unknown): Promise<SubscribeResult> {
  const parsed = subscriptionSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: { email: 'invalid_email' } };
  await insertSubscription(parsed.data.email, parsed.data.locale);
  return { ok: true };
}
