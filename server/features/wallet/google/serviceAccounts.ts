import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { GoogleWalletConfig } from '../../../kernel/config';
import { HttpError, type Localized } from '../../../kernel/http/errors';

/** Who signs a project's Save to Google Wallet JWTs and calls Google's API for it. */
export interface GoogleIssuer {
  issuerId: string;
  /** the service account's e-mail (JWT `iss`) */
  clientEmail: string;
  /** PEM of the service account's private key: never logged, never answered */
  privateKey: string;
}

/** The issuer of each project: a per-project key when GOOGLE_WALLET_PROJECT_KEYS names one, else the global one. */
export type IssuerLookup = (projectId: string) => GoogleIssuer;

/** HttpError 503: a Google Wallet setting is missing or unusable (the English and Czech after "not configured"). */
const unavailable = (reason: Required<Localized>) =>
  new HttpError(503, {
    en: `Google Wallet is not configured${reason.en}`,
    cs: `Google Wallet není nastaven${reason.cs}`,
  });

/** Reads a service-account key file; the message never holds the file's content. */
function readServiceAccount(file: string, setting: string): Pick<GoogleIssuer, 'clientEmail' | 'privateKey'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw unavailable({
      en: `: the service-account key file (${setting}) cannot be read.`,
      cs: `: soubor s klíčem servisního účtu (${setting}) nelze přečíst.`,
    });
  }
  const { client_email: clientEmail, private_key: privateKey } = (parsed ?? {}) as Record<string, unknown>;
  if (
    typeof clientEmail !== 'string' ||
    typeof privateKey !== 'string' ||
    !privateKey.includes('PRIVATE KEY')
  )
    throw unavailable({
      en: `: the key file of ${setting} has no client_email and private_key.`,
      cs: `: soubor s klíčem z ${setting} nemá client_email a private_key.`,
    });
  try {
    createPrivateKey(privateKey);
  } catch {
    throw unavailable({
      en: `: the private_key of ${setting} is not a usable key.`,
      cs: `: private_key z ${setting} není použitelný klíč.`,
    });
  }
  return { clientEmail, privateKey };
}

/** Remembers the outcome of a first call, failure included: key files are read once. */
function once<T>(read: () => T): () => T {
  let outcome: { value: T } | { error: unknown } | undefined;
  return () => {
    if (!outcome) {
      try {
        outcome = { value: read() };
      } catch (error) {
        outcome = { error };
      }
    }
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  };
}

function readProjectKeys(file: string): Map<string, GoogleIssuer> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw unavailable({
      en: ': GOOGLE_WALLET_PROJECT_KEYS cannot be read as JSON.',
      cs: ': GOOGLE_WALLET_PROJECT_KEYS nelze přečíst jako JSON.',
    });
  }
  const issuers = new Map<string, GoogleIssuer>();
  for (const [projectId, entry] of Object.entries((parsed ?? {}) as Record<string, unknown>)) {
    const { serviceAccountFile, issuerId } = (entry ?? {}) as Record<string, unknown>;
    if (typeof serviceAccountFile !== 'string' || typeof issuerId !== 'string' || !issuerId)
      throw unavailable({
        en: `: GOOGLE_WALLET_PROJECT_KEYS needs { serviceAccountFile, issuerId } for project ${projectId}.`,
        cs: `: GOOGLE_WALLET_PROJECT_KEYS potřebuje pro projekt ${projectId} { serviceAccountFile, issuerId }.`,
      });
    const keyFile = path.resolve(path.dirname(file), serviceAccountFile);
    issuers.set(projectId, {
      issuerId,
      ...readServiceAccount(keyFile, `GOOGLE_WALLET_PROJECT_KEYS (${projectId})`),
    });
  }
  return issuers;
}

/** Does the configuration name a service account (GOOGLE_WALLET_SERVICE_ACCOUNT or GOOGLE_WALLET_PROJECT_KEYS)? */
export const isGoogleWalletConfigured = (config: GoogleWalletConfig): boolean =>
  Boolean(config.serviceAccountFile || config.projectKeysFile);

/**
 * The issuers of the configuration, read from their files on first use and kept. HttpError 503 when a project
 * has none (neither its own key nor GOOGLE_WALLET_SERVICE_ACCOUNT) or a key file is unusable.
 *
 * @example createIssuerLookup(config.googleWallet)(projectId).issuerId
 */
export function createIssuerLookup(config: GoogleWalletConfig): IssuerLookup {
  const projectIssuers = once(() =>
    config.projectKeysFile ? readProjectKeys(config.projectKeysFile) : new Map<string, GoogleIssuer>(),
  );
  const globalIssuer = once((): GoogleIssuer => {
    if (!config.serviceAccountFile)
      throw unavailable({ en: ' (GOOGLE_WALLET_SERVICE_ACCOUNT).', cs: ' (GOOGLE_WALLET_SERVICE_ACCOUNT).' });
    if (!config.issuerId)
      throw unavailable({ en: ' (GOOGLE_WALLET_ISSUER_ID).', cs: ' (GOOGLE_WALLET_ISSUER_ID).' });
    return {
      issuerId: config.issuerId,
      ...readServiceAccount(config.serviceAccountFile, 'GOOGLE_WALLET_SERVICE_ACCOUNT'),
    };
  });
  return (projectId) => projectIssuers().get(projectId) ?? globalIssuer();
}
