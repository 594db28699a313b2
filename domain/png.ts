import type { Localized } from './problem';

/** What the first bytes of a file say: a PNG's size (from its IHDR header, no pixel decoded), or another type. */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];
const KNOWN_TYPES: Array<[string, number[]]> = [
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/webp', [0x52, 0x49, 0x46, 0x46]],
  ['image/bmp', [0x42, 0x4d]],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46]],
];

/** signature (8), IHDR length (4) and name (4), width (4), height (4) */
export const PNG_HEADER_BYTES = 24;

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  magic.every((byte, index) => bytes[at + index] === byte);
const uint32 = (bytes: Uint8Array, at: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);

/**
 * Width and height from a PNG's header; undefined when the bytes do not start like a PNG.
 *
 * @example pngSize(firstBytes) // { width: 58, height: 58 }
 */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < PNG_HEADER_BYTES || !startsWith(bytes, PNG_SIGNATURE)) return undefined;
  if (uint32(bytes, 8) !== 13 || !startsWith(bytes, IHDR, 12)) return undefined;
  const width = uint32(bytes, 16);
  const height = uint32(bytes, 20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/**
 * The type of a file by its first bytes, for messages; otherwise the declared type, unless that claims a PNG
 * the content is not.
 */
export function sniffedMimeType(bytes: Uint8Array, declared: string): string {
  if (pngSize(bytes)) return 'image/png';
  const known = KNOWN_TYPES.find(([, magic]) => startsWith(bytes, magic));
  if (known) return known[0];
  return declared && declared !== 'image/png' ? declared : 'application/octet-stream';
}

/**
 * Why a file cannot be an image (images are PNG only, spec section 5), naming its type (sniffedMimeType) and name:
 * what the console says before the upload and the server when refusing it.
 *
 * @example notPngMessage('image/gif', 'anim.png').en // 'Unsupported file format image/gif of file anim.png, please use png.'
 */
export const notPngMessage = (mimeType: string, fileName: string): Localized => ({
  en: `Unsupported file format ${mimeType} of file ${fileName}, please use png.`,
  cs: `Nepodporovaný formát ${mimeType} souboru ${fileName}, použijte prosím PNG.`,
});
