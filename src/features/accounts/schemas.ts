import { isValidEmail } from '@/lib/email';

import { passwordMaxLength, passwordRuleError, type PasswordRuleError } from './password-rules';

export { passwordMaxLength, passwordMinLength } from './password-rules';

/** Field error keys, translated by the forms (spec §5 'This field is required', 'Invalid email'). */
export type AccountFieldError =
  | 'required'
  | 'invalid_email'
  | 'username_format'
  | 'username_taken'
  | PasswordRuleError
  /** Found in a list of common passwords or dictionary words (checked on the server). */
  | 'password_common';

export type FieldErrors<F extends string> = Partial<Record<F, AccountFieldError>>;
export type Checked<F extends string> =
  { ok: true; value: Record<F, string> } | { ok: false; fieldErrors: FieldErrors<F> };

export const usernamePattern = /^[A-Za-z0-9_.-]{2,40}$/;

function text(input: Record<string, unknown>, field: string, trim = true): string {
  const value = input[field];
  if (typeof value !== 'string') return '';
  return trim ? value.trim() : value;
}

function result<F extends string>(value: Record<F, string>, fieldErrors: FieldErrors<F>): Checked<F> {
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, value };
}

export function validateSignUp(input: Record<string, unknown>): Checked<'username' | 'email' | 'password'> {
  const value = {
    username: text(input, 'username'),
    email: text(input, 'email'),
    password: text(input, 'password', false),
  };
  const errors: FieldErrors<'username' | 'email' | 'password'> = {};
  if (value.username === '') errors.username = 'required';
  else if (!usernamePattern.test(value.username)) errors.username = 'username_format';
  if (value.email === '') errors.email = 'required';
  else if (!isValidEmail(value.email)) errors.email = 'invalid_email';
  const password = passwordRuleError(value.password, { username: value.username, email: value.email });
  if (password) errors.password = password;
  return result(value, errors);
}

/** Log in with a username or an email. */
export function validateLogIn(input: Record<string, unknown>): Checked<'login' | 'password'> {
  const value = { login: text(input, 'login'), password: text(input, 'password', false) };
  const errors: FieldErrors<'login' | 'password'> = {};
  if (value.login === '') errors.login = 'required';
  if (value.password === '') errors.password = 'required';
  else if ([...value.password].length > passwordMaxLength) errors.password = 'password_long';
  return result(value, errors);
}

export function validateResetRequest(input: Record<string, unknown>): Checked<'email'> {
  const value = { email: text(input, 'email') };
  const errors: FieldErrors<'email'> = {};
  if (value.email === '') errors.email = 'required';
  else if (!isValidEmail(value.email)) errors.email = 'invalid_email';
  return result(value, errors);
}

export function validateNewPassword(input: Record<string, unknown>): Checked<'token' | 'password'> {
  const value = { token: text(input, 'token'), password: text(input, 'password', false) };
  const errors: FieldErrors<'token' | 'password'> = {};
  if (value.token === '') errors.token = 'required';
  // The account's name and address are checked once the token says whose it is.
  const password = passwordRuleError(value.password);
  if (password) errors.password = password;
  return result(value, errors);
}
