import crypto, { type KeyObject } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  ContentInfo,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
  DigestAlgorithmIdentifiers,
  CMSVersion,
  id_data,
  id_signedData,
} from '@peculiar/asn1-cms';
import { AlgorithmIdentifier, Certificate } from '@peculiar/asn1-x509';

const SHA256 = '2.16.840.1.101.3.4.2.1';
const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
const CONTENT_TYPE = '1.2.840.113549.1.9.3';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const SIGNING_TIME = '1.2.840.113549.1.9.5';
const DER_NULL = new Uint8Array([0x05, 0x00]).buffer;
/** DER of the OID id-data (1.2.840.113549.1.7.1): the content type of the signed manifest */
const ID_DATA_DER = new Uint8Array([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01]);

/** What signs passes: the pass type certificate with its key, and the WWDR intermediate that issued it. */
export interface PassSigner {
  /** DER of the pass type certificate */
  certificate: Buffer;
  /** the certificate's private key, opened from the key vault; held in memory only */
  privateKey: KeyObject;
  /** DER of Apple's WWDR intermediate certificate */
  wwdr: Buffer;
}

/** A SHA-1 hex digest of every file of the pass: Apple's manifest.json. */
export function manifestOf(files: Record<string, Uint8Array>): Buffer {
  const manifest: Record<string, string> = {};
  for (const [name, data] of Object.entries(files))
    manifest[name] = crypto.createHash('sha1').update(data).digest('hex');
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

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

function attribute(type: string, valueDer: Uint8Array): { attribute: Attribute; der: Buffer } {
  const value = new Attribute({ attrType: type, attrValues: [toArrayBuffer(valueDer)] });
  return { attribute: value, der: Buffer.from(AsnConvert.serialize(value)) };
}

/** Certificates parsed once per signer: parsing is the slow part of building the structure. */
const parsedCertificates = new WeakMap<Buffer, Certificate>();
function parsed(der: Buffer): Certificate {
  let certificate = parsedCertificates.get(der);
  if (!certificate) {
    certificate = AsnConvert.parse(der, Certificate);
    parsedCertificates.set(der, certificate);
  }
  return certificate;
}

/**
 * The detached CMS SignedData (DER) of Apple's `signature` file: RSA PKCS #1 v1.5 with SHA-256 over the signed
 * attributes (content type, signing time, message digest of the manifest); carries the signer certificate and
 * the WWDR intermediate. Verifies with `openssl smime -verify -binary -inform DER -content manifest.json`.
 *
 * @example const signature = detachedSignature(manifestOf(files), signer)
 */
export function detachedSignature(
  manifest: Uint8Array,
  signer: PassSigner,
  signingTime = new Date(),
): Buffer {
  const signerCertificate = parsed(signer.certificate);
  const digest = crypto.createHash('sha256').update(manifest).digest();
  // DER orders a SET OF by the encodings of its members; the signature covers that SET.
  const attributes = [
    attribute(CONTENT_TYPE, ID_DATA_DER),
    attribute(SIGNING_TIME, utcTime(signingTime)),
    attribute(MESSAGE_DIGEST, derTagged(0x04, digest)),
  ].sort((a, b) => Buffer.compare(a.der, b.der));
  const signedAttributes = derTagged(0x31, Buffer.concat(attributes.map((item) => item.der)));
  const signatureValue = crypto.sign('sha256', signedAttributes, {
    key: signer.privateKey,
    padding: crypto.constants.RSA_PKCS1_PADDING,
  });

  const signerInfo = new SignerInfo({
    version: CMSVersion.v1,
    sid: new SignerIdentifier({
      issuerAndSerialNumber: new IssuerAndSerialNumber({
        issuer: signerCertificate.tbsCertificate.issuer,
        serialNumber: signerCertificate.tbsCertificate.serialNumber,
      }),
    }),
    digestAlgorithm: new AlgorithmIdentifier({ algorithm: SHA256 }),
    signedAttrs: attributes.map((item) => item.attribute),
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: RSA_ENCRYPTION, parameters: DER_NULL }),
    signature: new OctetString(toArrayBuffer(signatureValue)),
  });
  const signedData = new SignedData({
    version: CMSVersion.v1,
    digestAlgorithms: new DigestAlgorithmIdentifiers([new AlgorithmIdentifier({ algorithm: SHA256 })]),
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
    certificates: new CertificateSet([
      new CertificateChoices({ certificate: signerCertificate }),
      new CertificateChoices({ certificate: parsed(signer.wwdr) }),
    ]),
    signerInfos: new SignerInfos([signerInfo]),
  });
  const contentInfo = new ContentInfo({
    contentType: id_signedData,
    content: AsnConvert.serialize(signedData),
  });
  return Buffer.from(AsnConvert.serialize(contentInfo));
}
