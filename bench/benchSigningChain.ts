import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webcrypto } from 'node:crypto';
import { x509 } from '../server/features/passes/certificates/x509';

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};
/** Apple puts the pass type id in the subject's UID. */
const UID = '0.9.2342.19200300.100.1.1';
const DAY = 24 * 60 * 60 * 1000;

/** A WWDR-like intermediate for benches: its PEM file (the server's WWDR_CERT), and what it issues. */
export interface BenchSigningChain {
  wwdrFile: string;
  /** Issues a pass type certificate for a certificate request (PEM), as Apple does; answers its DER. */
  issue(csrPem: string, passTypeId: string, teamId: string): Promise<Buffer>;
  /** removes the PEM file */
  remove(): void;
}

/**
 * A self-signed WWDR-like authority in a temporary folder, issuing pass type certificates for a year.
 *
 * @example const chain = await createBenchSigningChain(); const der = await chain.issue(csr, 'pass.bench.card', 'TEAM')
 */
export async function createBenchSigningChain(): Promise<BenchSigningChain> {
  const keys = await webcrypto.subtle.generateKey(RSA, false, ['sign', 'verify']);
  const validity = { notBefore: new Date(Date.now() - DAY), notAfter: new Date(Date.now() + 3650 * DAY) };
  const wwdr = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Bench Worldwide Developer Relations CA G4, OU=G4, O=Bench, C=US',
    ...validity,
    signingAlgorithm: RSA,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-bench-chain-'));
  const wwdrFile = path.join(folder, 'wwdr.pem');
  fs.writeFileSync(wwdrFile, `${wwdr.toString('pem')}\n`);
  let serial = 16;
  return {
    wwdrFile,
    async issue(csrPem, passTypeId, teamId) {
      serial += 1;
      const request = new x509.Pkcs10CertificateRequest(csrPem);
      const certificate = await x509.X509CertificateGenerator.create({
        serialNumber: serial.toString(16).padStart(2, '0'),
        subject: [
          { [UID]: [passTypeId] },
          { CN: [`Pass Type ID: ${passTypeId}`] },
          { OU: [teamId] },
          { O: ['Bench'] },
          { C: ['CZ'] },
        ],
        issuer: wwdr.subject,
        notBefore: new Date(Date.now() - DAY),
        notAfter: new Date(Date.now() + 365 * DAY),
        signingAlgorithm: RSA,
        publicKey: request.publicKey,
        signingKey: keys.privateKey,
        extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true)],
      });
      return Buffer.from(certificate.rawData);
    },
    remove: () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}
