/** Password rules of spec section 5: 8 to 128 characters, an uppercase, a lowercase and a special character. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const passwordMessages = {
  currentEmpty: 'Current password cannot be empty.',
  notMatch: 'New passwords are not match.',
  notSecure: 'Your current password is not valid or new password is not secure...',
  rule: 'The password must have 8 to 128 characters, with at least one uppercase letter, one lowercase letter and one special character.',
} as const;

export function isSecurePassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /[^\p{L}\p{N}]/u.test(password)
  );
}
