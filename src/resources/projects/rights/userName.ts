import type { User } from '../../../../domain/schemas/user';

/** A user by name, or by e-mail when they have none. */
export const userName = (user: Pick<User, 'displayName' | 'email'>): string => user.displayName || user.email;
