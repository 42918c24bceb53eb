import { z } from 'zod';

import { locales } from '@/i18n/routing';

/** The email rule of every form (spec §5: 'Invalid email'). */
export const emailSchema = z.string().trim().max(254).pipe(z.email());

export const subscriptionSchema = z.object({
  email: emailSchema,
  locale: z.enum(locales).catch('en'),
});
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;
