import { z } from 'zod';

import { locales } from '@/i18n/routing';

/** Field error keys, translated by the form (spec §5: 'This field is required', 'Invalid email'). */
export type BusinessFieldError = 'required' | 'invalid_email' | 'too_long';
export const businessFields = ['companyName', 'contactName', 'email'] as const;
export type BusinessField = (typeof businessFields)[number];
export const businessTextMaxLength = 120;

const requiredText = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(businessTextMaxLength, { error: 'too_long' });

/** Spec §3 "Business account application": company name, your name, email. */
export const businessApplicationSchema = z.object({
  companyName: requiredText,
  contactName: requiredText,
  email: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(254, { error: 'invalid_email' })
    .pipe(z.email({ error: 'invalid_email' })),
  locale: z.enum(locales).catch('en'),
});
export type BusinessApplicationInput = z.infer<typeof businessApplicationSchema>;
