import { createPrivateKey, X509Certificate } from 'node:crypto';
import type Forge from 'node-forge';
import type { Localized } from '../../../kernel/http/errors';
import { certificateMatchesKey } from './signingCertificate';

/** A certificate with its private key, as a .p12 exported from Keychain Access holds them. */
export interface KeyedCertificate {
  certificate: X509Certificate;
  /** PKCS #8 DER: to be sealed at once, never answered nor logged */
  privateKey: Buffer;
}

/** Why a .p12 file cannot be used: a message for the person who chose the file. */
export class Pkcs12Refusal extends Error {
  constructor(
    readonly reason: Localized,
    /** the form field at fault */
    readonly field: '/file' | '/password' = '/file',
  ) {
    super(reason.en);
  }
}

/**
 * Key derivation rounds one file may ask for, over its MAC and all its encrypted parts. Exports of Keychain Access,
 * OpenSSL, Windows and Java ask for 2,000 to 10,000 each; a file asking for millions would hold the server.
 */
export const PKCS12_ITERATION_BUDGET = 100_000;

/** Is the file a PKCS #12 archive (PFX: a DER SEQUENCE whose first element is the version, INTEGER 3)? */
export function isPkcs12(file: Buffer): boolean {
  if (file.length < 8 || file[0] !== 0x30) return false;
  const lengthBytes = file[1] & 0x80 ? file[1] & 0x7f : 0;
  const versionAt = 2 + lengthBytes;
  return file[versionAt] === 0x02 && file[versionAt + 1] === 0x01 && file[versionAt + 2] === 0x03;
}

const refuse = (en: string, cs: string) => new Pkcs12Refusal({ en, cs });

let forgeLoaded: Promise<typeof Forge> | undefined;
/** node-forge, loaded by the first .p12 read: a rare upload need not add its 25 ms to every start. */
const loadForge = () => (forgeLoaded ??= import('node-forge').then((module) => module.default));

/**
 * Runs `open` with the key derivations of node-forge counted: beyond PKCS12_ITERATION_BUDGET rounds, it stops
 * before deriving. PBKDF2 (the AES protection of current exports) gets the password as UTF-8 bytes, as OpenSSL and
 * Keychain Access derive it (node-forge would take each character as one byte). node-forge is synchronous, so
 * both belong to this call alone.
 */
function withGuardedDerivations<T>(forge: typeof Forge, open: () => T): T {
  const pkcs12 = forge.pkcs12 as unknown as { generateKey: (...args: unknown[]) => unknown };
  const pkcs5 = forge.pkcs5 as unknown as { pbkdf2: (...args: unknown[]) => unknown };
  const { generateKey } = pkcs12;
  const { pbkdf2 } = pkcs5;
  let spent = 0;
  const spend = (iterations: unknown) => {
    spent += Number(iterations);
    if (!(spent <= PKCS12_ITERATION_BUDGET))
      throw refuse(
        `The file's password protection asks for more than ${PKCS12_ITERATION_BUDGET} key derivation rounds: export it again with the usual settings.`,
        `Ochrana souboru heslem žádá více než ${PKCS12_ITERATION_BUDGET} kol odvození klíče: exportujte jej znovu s obvyklým nastavením.`,
      );
  };
  pkcs12.generateKey = (...args) => (spend(args[3]), generateKey(...args));
  pkcs5.pbkdf2 = (password, ...rest) => (
    spend(rest[1]),
    pbkdf2(forge.util.encodeUtf8(String(password)), ...rest)
  );
  try {
    return open();
  } finally {
    pkcs12.generateKey = generateKey;
    pkcs5.pbkdf2 = pbkdf2;
  }
}

/** The bags of one type in the archive. */
function bagsOf(archive: Forge.pkcs12.Pkcs12Pfx, bagType: string): Forge.pkcs12.Bag[] {
  return archive.getBags({ bagType })[bagType] ?? [];
}

/**
 * The certificate and private key in a PKCS #12 file (.p12, .pfx), opened with its password (empty when it has
 * none). The certificate is the one of the key: a file may also hold the WWDR intermediate.
 *
 * @throws Pkcs12Refusal with what is wrong: the password, a file without key or certificate, a damaged file
 * @example const { certificate, privateKey } = await readPkcs12(file, 'secret')
 */
export async function readPkcs12(file: Buffer, password: string): Promise<KeyedCertificate> {
  const forge = await loadForge();
  let archive: Forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')), true);
    archive = withGuardedDerivations(forge, () => forge.pkcs12.pkcs12FromAsn1(asn1, true, password));
  } catch (error) {
    if (error instanceof Pkcs12Refusal) throw error;
    if (/MAC could not be verified|Invalid password/i.test((error as Error).message))
      throw new Pkcs12Refusal(
        { en: 'The password does not open the .p12 file.', cs: 'Heslo soubor .p12 neotevírá.' },
        '/password',
      );
    throw refuse(
      'The .p12 file cannot be read: it is damaged, or protected in a way this server does not open.',
      'Soubor .p12 nelze přečíst: je poškozený, nebo chráněný způsobem, který tento server neotevře.',
    );
  }
  const keys = [
    ...bagsOf(archive, forge.pki.oids.pkcs8ShroudedKeyBag),
    ...bagsOf(archive, forge.pki.oids.keyBag),
  ].flatMap((bag) => (bag.key ? [bag.key] : []));
  if (keys.length === 0)
    throw refuse(
      'The .p12 file holds no private key: export the certificate together with its key from Keychain Access.',
      'Soubor .p12 neobsahuje soukromý klíč: exportujte certifikát spolu s jeho klíčem z aplikace Klíčenka.',
    );
  if (keys.length > 1)
    throw refuse(
      'The .p12 file holds several private keys: export the one certificate that signs passes, with its key.',
      'Soubor .p12 obsahuje více soukromých klíčů: exportujte jediný certifikát, který podepisuje pasy, s jeho klíčem.',
    );
  let privateKey: Buffer;
  try {
    const info = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(keys[0]));
    privateKey = Buffer.from(forge.asn1.toDer(info).getBytes(), 'binary');
  } catch {
    throw refuse(
      'The key in the .p12 file is not an RSA key, as Pass Type ID certificates have.',
      'Klíč v souboru .p12 není klíč RSA, jaký mají certifikáty Pass Type ID.',
    );
  }
  const key = createPrivateKey({ key: privateKey, format: 'der', type: 'pkcs8' });
  const certificate = bagsOf(archive, forge.pki.oids.certBag)
    .flatMap((bag) => (bag.cert ? [bag.cert] : []))
    .map(
      (cert) =>
        new X509Certificate(
          Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'),
        ),
    )
    .find((candidate) => certificateMatchesKey(candidate, key));
  if (!certificate) {
    privateKey.fill(0);
    throw refuse(
      'The .p12 file holds no certificate of its private key.',
      'Soubor .p12 neobsahuje certifikát svého soukromého klíče.',
    );
  }
  return { certificate, privateKey };
}
