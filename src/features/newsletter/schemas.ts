import { z } from 'zod';

import { locales } from '@/i18n/routing';
import { isValidEmail } from '@/lib/email';

export const subscriptionSchema = z.object({
  email: z.string().trim().refine(isValidEmail, 'invalid_email'),
  locale: z.enum(locales).catch('en'),
});
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;
