/**
 * The password rules of NIST SP 800-63B §3.1.1.2 that need no list: long enough, not too long for a
 * passphrase, not only blanks, not the account's own name or address (decision 0041). The check
 * against common passwords and dictionary words is the server's (`server/common-passwords.ts`).
 */
export const passwordMinLength = 8;
/** NIST asks for at least 64 characters to be allowed; long passphrases are welcome. */
export const passwordMaxLength = 128;
/** Shorter usernames and address parts turn up by chance inside passphrases ("ann" in "banner"). */
const containedPartMinLength = 4;

export type PasswordRuleError =
  | 'required'
  | 'password_short'
  | 'password_long'
  | 'password_whitespace'
  | 'password_username'
  | 'password_email';

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

function containsPart(password: string, part: string): boolean {
  const folded = fold(part);
  return (
    folded !== '' &&
    (password === folded || (folded.length >= containedPartMinLength && password.includes(folded)))
  );
}

/** The first rule a new password breaks, or null. Lengths count characters (code points). */
export function passwordRuleError(
  password: string,
  account: { username?: string; email?: string } = {},
): PasswordRuleError | null {
  if (password === '') return 'required';
  if (password.trim() === '') return 'password_whitespace';
  const length = [...password].length;
  if (length < passwordMinLength) return 'password_short';
  if (length > passwordMaxLength) return 'password_long';
  const folded = fold(password);
  if (account.username && containsPart(folded, account.username)) return 'password_username';
  if (account.email) {
    const localPart = account.email.slice(0, account.email.lastIndexOf('@'));
    if (containsPart(folded, account.email) || containsPart(folded, localPart)) return 'password_email';
  }
  return null;
}
