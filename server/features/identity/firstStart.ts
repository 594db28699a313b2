import crypto from 'node:crypto';
import type { Db } from '../../kernel/db/database';
import type { ServerConfig } from '../../kernel/config';
import { hashPassword } from '../../kernel/auth/passwords';
import { sha256 } from '../../kernel/auth/secrets';
import { apiClientRepository } from './apiClientRepository';
import { userRepository } from './userRepository';

/**
 * How a new installation gets something to look at, said once with the first admin: the embedded database has one
 * owner, so the command needs the server stopped, while the console makes the demo in the running server.
 */
export const DEMO_DATA_HINT =
  'Demo data (a project with templates, passes, reports and a ticket e-shop with a paid order): sign in and choose ' +
  '"Create the demo project" on the console\'s home page, or run `npm run demo-data` (with the server stopped when ' +
  'it uses the embedded database).';

/**
 * On an empty database: the first admin (from FIRST_ADMIN_EMAIL / FIRST_ADMIN_PASSWORD, or admin@localhost with a
 * random password written once to the log), how to get demo data (unless `demoDataHint` is false: the command
 * making it) and, when configured, the first OAuth2 client (public without a secret).
 */
export async function prepareFirstStart(
  db: Db,
  config: ServerConfig,
  say: (line: string) => void,
  options: { demoDataHint?: boolean } = {},
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
  if (options.demoDataHint !== false) say(DEMO_DATA_HINT);
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
