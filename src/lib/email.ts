/**
 * The email check of every form (spec §5 'Invalid email'): one @, a dot in the domain, no spaces,
 * at most 254 characters. Shared by browser and server without a schema library in the browser.
 */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && emailPattern.test(email);
}
