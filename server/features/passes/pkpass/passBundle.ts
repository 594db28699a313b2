import crypto from 'node:crypto';
import { LruCache } from '../../../kernel/lruCache';
import { detachedSignature, manifestOf, type PassSigner } from './signature';
import { zipContent, zipPieces, type ZipContent, type ZipPieces } from './zipWriter';

/** A file of a pass as the archive and the manifest need it: its SHA-1 (hex) and its zip content. */
interface PreparedFile {
  sha1: string;
  content: ZipContent;
}

/**
 * PNGs prepared once per buffer: a template's images are the same buffers for each of its passes (the packager
 * keeps them by image and version, a bounded cache), so each is hashed and CRC-checked once, and dropped with its
 * buffer when that cache lets it go or the image changes.
 */
const preparedImages = new WeakMap<Uint8Array, PreparedFile>();

/**
 * Localisation files (`pass.strings`) by content: new buffers for each pass, but the same texts for every pass of a
 * template whose translations hold no pass's data; a bounded cache, as they are small.
 */
const preparedTexts = new LruCache<string, PreparedFile>(500);

function prepare(data: Uint8Array, deflate: boolean): PreparedFile {
  return { sha1: crypto.createHash('sha1').update(data).digest('hex'), content: zipContent(data, deflate) };
}

/**
 * A file made for one pass (pass.json, the manifest) is deflated only from this size: a pass.json of a few kilobytes
 * would shrink by less than a network packet, and each deflate costs a compressor's setup (a quarter of a megabyte
 * that the garbage collector then counts) on every fetch.
 */
const DEFLATE_OWN_FROM_BYTES = 8192;
const worthDeflating = (data: Uint8Array) => data.length >= DEFLATE_OWN_FROM_BYTES;

function prepared(name: string, data: Uint8Array): PreparedFile {
  // PNGs are compressed already: stored as they are; texts deflated once per content; the pass's own JSON by size
  if (name.endsWith('.png')) {
    let image = preparedImages.get(data);
    if (!image) preparedImages.set(data, (image = prepare(data, false)));
    return image;
  }
  if (!name.endsWith('.strings')) return prepare(data, worthDeflating(data));
  const key = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  let text = preparedTexts.get(key);
  if (!text) preparedTexts.set(key, (text = prepare(data, true)));
  return text;
}

/**
 * The .pkpass archive of a pass's files: manifest.json (SHA-1 of each file), the detached signature, and the files;
 * PNGs stored as they are (already compressed), texts deflated, the pass's own JSON deflated from 8 KB. Per pass
 * only its own files (pass.json, strings), the manifest and the signature are made; images shared between passes
 * are prepared once.
 *
 * @example const { pieces, size } = await signedBundle({ 'pass.json': json, 'icon.png': icon }, signer)
 */
export async function signedBundle(
  files: Record<string, Uint8Array>,
  signer: PassSigner,
): Promise<ZipPieces> {
  const entries = Object.entries(files).map(([name, data]) => ({ name, ...prepared(name, data) }));
  const manifest = manifestOf(entries);
  const signature = await detachedSignature(manifest, signer);
  return zipPieces([
    ...entries,
    { name: 'manifest.json', content: zipContent(manifest, worthDeflating(manifest)) },
    { name: 'signature', content: zipContent(signature, false) },
  ]);
}
