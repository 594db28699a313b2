import { hash, verify } from '@node-rs/argon2';

/** Argon2id with OWASP's recommended minimum: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no such user, no such password');
  await verifyPassword(await dummyHash, password);
  return false;
}
