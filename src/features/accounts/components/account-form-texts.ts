/** The account forms' texts, read on the server and handed to the form as props. */
import { getTranslations } from 'next-intl/server';

import type { AccountFormTexts } from './account-form';

const errorKeys = [
  'required',
  'invalid_email',
  'username_format',
  'username_taken',
  'password_short',
  'password_long',
  'password_whitespace',
  'password_common',
  'password_username',
  'password_email',
  'invalid_credentials',
  'invalid_token',
  'email_in_use',
  'rate_limited',
  'failed',
] as const;

/** The account forms' error texts, plus the page's own submit labels. */
export async function accountFormTexts(labels: {
  submit: string;
  submitting: string;
  success?: string;
}): Promise<AccountFormTexts> {
  const t = await getTranslations('accounts.Form');
  return {
    ...(Object.fromEntries(errorKeys.map((k) => [k, t(k)])) as Record<(typeof errorKeys)[number], string>),
    ...labels,
  };
}
