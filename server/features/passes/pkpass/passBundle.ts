import { zipSync, type Zippable } from 'fflate';
import { detachedSignature, manifestOf, type PassSigner } from './signature';

/**
 * The .pkpass archive of a pass's files: manifest.json (SHA-1 of each file), the detached signature, and the files;
 * PNGs stored as they are (already compressed), JSON and texts deflated.
 *
 * @example const pkpass = signedBundle({ 'pass.json': json, 'icon.png': icon }, signer)
 */
export function signedBundle(files: Record<string, Uint8Array>, signer: PassSigner): Buffer {
  const manifest = manifestOf(files);
  const signature = detachedSignature(manifest, signer);
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(files))
    zippable[name] = [data, { level: name.endsWith('.png') ? 0 : 6 }];
  zippable['manifest.json'] = [manifest, { level: 6 }];
  zippable.signature = [signature, { level: 0 }];
  const zipped = zipSync(zippable);
  return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
}
