import crypto from 'node:crypto';

/** Seals secrets (certificates' private keys) at rest; a sealed value opens only for the record it was sealed for. */
export interface KeyVault {
  seal(secret: Buffer, boundTo: string): string;
  /** throws when the value was altered, sealed under another key or for another record */
  open(sealed: string, boundTo: string): Buffer;
}

const VERSION = 'v1';

/**
 * AES-256-GCM under a 32-byte key given as base64, with the record's id as additional data, so that a sealed key
 * copied to another row does not open there. Sealed form: `v1.{iv}.{tag}.{ciphertext}`, each part base64.
 *
 * @example createKeyVault(process.env.CERTIFICATE_KEY_SECRET, 'CERTIFICATE_KEY_SECRET').seal(der, certificateId)
 */
export function createKeyVault(keyBase64: string, name: string): KeyVault {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== keyBase64.trim().replace(/=+$/, ''))
    throw new Error(`${name} must be the base64 of 32 random bytes (e.g. openssl rand -base64 32).`);
  return {
    seal(secret, boundTo) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
        .join('.');
    },
    open(sealed, boundTo) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined)
        throw new Error('Not a sealed value.');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]);
    },
  };
}
