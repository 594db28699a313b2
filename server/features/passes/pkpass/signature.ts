import crypto, { type KeyObject } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { IssuerAndSerialNumber } from '@peculiar/asn1-cms';
import { AlgorithmIdentifier, Certificate } from '@peculiar/asn1-x509';

const SHA256 = '2.16.840.1.101.3.4.2.1';
const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
/** DER of the OIDs of the signed attributes: content type, message digest, signing time (1.2.840.113549.1.9.3-5) */
const attributeType = (last: number) =>
  Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, last]);
const CONTENT_TYPE = attributeType(3);
const MESSAGE_DIGEST = attributeType(4);
const SIGNING_TIME = attributeType(5);
const DER_NULL = new Uint8Array([0x05, 0x00]).buffer;
/** DER of the OID id-data (1.2.840.113549.1.7.1): the content type of the signed manifest */
const ID_DATA_DER = new Uint8Array([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01]);

/** What signs passes: the pass type certificate with its key, and the WWDR intermediate that issued it. */
export interface PassSigner {
  /** DER of the pass type certificate */
  certificate: Buffer;
  /** the certificate's private key, opened from the key vault; held in memory only */
  privateKey: KeyObject;
  /** DER of Apple's WWDR intermediate certificate; none for a development certificate, which Apple did not issue */
  wwdr: Buffer | undefined;
}

/**
 * Apple's manifest.json: the SHA-1 hex digest of every file of the pass by name.
 *
 * @example manifestOf([{ name: 'pass.json', sha1: 'a9993e36…' }])
 */
export function manifestOf(files: ReadonlyArray<{ name: string; sha1: string }>): Buffer {
  const manifest: Record<string, string> = {};
  for (const file of files) manifest[file.name] = file.sha1;
  return Buffer.from(JSON.stringify(manifest));
}

/** DER of a length, for the few structures written by hand. */
function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function derTagged(tag: number, content: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
}

/** UTCTime, as CMS wants for dates before 2050. */
function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return derTagged(0x17, Buffer.from(`${text}Z`, 'ascii'));
}

/** DER of one signed attribute: SEQUENCE { its type, SET { its value } }. */
function attribute(typeDer: Buffer, valueDer: Uint8Array): Buffer {
  return derTagged(0x30, Buffer.concat([typeDer, derTagged(0x31, valueDer)]));
}

/** the content type attribute: id-data, the same in every signature */
const CONTENT_TYPE_ATTRIBUTE = attribute(CONTENT_TYPE, ID_DATA_DER);

const derSequence = (...parts: Uint8Array[]) => derTagged(0x30, Buffer.concat(parts));
const derSet = (...parts: Uint8Array[]) => derTagged(0x31, Buffer.concat(parts));
const derOf = (value: object) => Buffer.from(AsnConvert.serialize(value));

const SHA256_ALGORITHM = derOf(new AlgorithmIdentifier({ algorithm: SHA256 }));
const RSA_ALGORITHM = derOf(new AlgorithmIdentifier({ algorithm: RSA_ENCRYPTION, parameters: DER_NULL }));
const VERSION_1 = Buffer.from([0x02, 0x01, 0x01]);
const ID_SIGNED_DATA_DER = Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]);

/** The parts of a signature that depend on the signer only: built once per certificate. */
interface SignerParts {
  /** [0] IMPLICIT CertificateSet: the signer certificate and the WWDR intermediate (if any), as they are */
  certificates: Buffer;
  /** IssuerAndSerialNumber of the signer certificate */
  signerId: Buffer;
}
const signerParts = new WeakMap<Buffer, SignerParts>();
function partsOf(signer: PassSigner): SignerParts {
  let parts = signerParts.get(signer.certificate);
  if (!parts) {
    const certificate = AsnConvert.parse(signer.certificate, Certificate);
    parts = {
      certificates: derTagged(
        0xa0,
        Buffer.concat(signer.wwdr ? [signer.certificate, signer.wwdr] : [signer.certificate]),
      ),
      signerId: derOf(
        new IssuerAndSerialNumber({
          issuer: certificate.tbsCertificate.issuer,
          serialNumber: certificate.tbsCertificate.serialNumber,
        }),
      ),
    };
    signerParts.set(signer.certificate, parts);
  }
  return parts;
}

/**
 * The detached CMS SignedData (DER) of Apple's `signature` file: RSA PKCS #1 v1.5 with SHA-256 over the signed
 * attributes (content type, signing time, message digest of the manifest); carries the signer certificate and
 * the WWDR intermediate. Verifies with `openssl smime -verify -binary -inform DER -content manifest.json`.
 * The structure is concatenated from DER parts: the signer's parts are encoded once, not per pass.
 *
 * @example const signature = await detachedSignature(manifestOf(files), signer)
 */
export async function detachedSignature(
  manifest: Uint8Array,
  signer: PassSigner,
  signingTime = new Date(),
): Promise<Buffer> {
  const { certificates, signerId } = partsOf(signer);
  const digest = crypto.createHash('sha256').update(manifest).digest();
  // DER orders a SET OF by the encodings of its members; the signature covers that SET.
  const attributes = [
    CONTENT_TYPE_ATTRIBUTE,
    attribute(SIGNING_TIME, utcTime(signingTime)),
    attribute(MESSAGE_DIGEST, derTagged(0x04, digest)),
  ].sort((a, b) => Buffer.compare(a, b));
  const attributesContent = Buffer.concat(attributes);
  // the RSA signature in libuv's thread pool: the event loop answers other requests meanwhile
  const signatureValue = await new Promise<Buffer>((resolve, reject) =>
    crypto.sign(
      'sha256',
      derTagged(0x31, attributesContent),
      { key: signer.privateKey, padding: crypto.constants.RSA_PKCS1_PADDING },
      (error, signed) => (error ? reject(error) : resolve(signed)),
    ),
  );
  const signerInfo = derSequence(
    VERSION_1,
    signerId,
    SHA256_ALGORITHM,
    derTagged(0xa0, attributesContent),
    RSA_ALGORITHM,
    derTagged(0x04, signatureValue),
  );
  const signedData = derSequence(
    VERSION_1,
    derSet(SHA256_ALGORITHM),
    derSequence(ID_DATA_DER),
    certificates,
    derSet(signerInfo),
  );
  return derSequence(ID_SIGNED_DATA_DER, derTagged(0xa0, signedData));
}
