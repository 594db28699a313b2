import type { User } from '../../../domain/schemas/user';

/** Apply trims the name and the e-mail before saving (spec section 5). */
export const trimUser = (data: Partial<User>): Partial<User> => ({
  ...data,
  ...(typeof data.displayName === 'string' ? { displayName: data.displayName.trim() } : {}),
  ...(typeof data.email === 'string' ? { email: data.email.trim() } : {}),
});

export const userName = (user: Pick<User, 'displayName' | 'email'>): string => user.displayName || user.email;
