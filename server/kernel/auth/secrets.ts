import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret from the environment, or from a key file under the data directory, creating it (mode 0600)
 * on first use. Several instances share it by sharing the data directory or by setting the variable.
 */
export function secretFromEnvOrFile(
  value: string | undefined,
  dataDir: string,
  fileName: string,
  generate: () => string = () => crypto.randomBytes(48).toString('base64url'),
): string {
  if (value) return value;
  const file = path.join(dataDir, fileName);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = generate();
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/** SHA-256 of a high-entropy secret (client secrets): enough at rest, and fast to check. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
