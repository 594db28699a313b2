import crypto from 'node:crypto';
import type { Db } from '../db/database';
import type { ServerConfig } from '../config';
import { hashPassword } from '../auth/passwords';
import { sha256 } from '../auth/secrets';
import { apiClientRepository } from '../repositories/apiClientRepository';
import { userRepository } from '../repositories/userRepository';

/**
 * On an empty database: the first admin (from FIRST_ADMIN_EMAIL / FIRST_ADMIN_PASSWORD, or admin@localhost with a
 * random password written once to the log) and, when configured, the first OAuth2 client (public without a secret).
 */
export async function prepareFirstStart(
  db: Db,
  config: ServerConfig,
  say: (line: string) => void,
): Promise<void> {
  if ((await userRepository.count(db)) > 0) return;
  const email = config.firstAdminEmail ?? 'admin@localhost';
  const generated = !config.firstAdminPassword;
  const password = config.firstAdminPassword ?? `${crypto.randomBytes(12).toString('base64url')}-Aa1!`;
  await userRepository.insert(db, {
    email,
    displayName: 'Administrator',
    isAdmin: true,
    active: true,
    passwordHash: await hashPassword(password),
  });
  say(
    generated
      ? `First administrator created: ${email} with password ${password} (shown only this once; change it in the console).`
      : `First administrator created: ${email} (password from FIRST_ADMIN_PASSWORD).`,
  );
  if (config.firstOauthClientId) {
    // Without a secret, a public client: what Yourpass's documentation gives integrators.
    const secret = config.firstOauthClientSecret;
    await apiClientRepository.insert(db, {
      name: 'First API client',
      clientId: config.firstOauthClientId,
      secretHash: secret ? sha256(secret) : null,
    });
    say(`First API client created: ${config.firstOauthClientId}${secret ? '' : ' (public: no secret)'}.`);
  }
}
