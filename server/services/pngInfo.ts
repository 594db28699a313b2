const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Width and height of a PNG, read from its header (the IHDR chunk right after the signature) without decoding
 * a pixel; undefined when the file does not start like a PNG.
 *
 * @example pngSize(buffer) // { width: 58, height: 58 }
 */
export function pngSize(file: Buffer): { width: number; height: number } | undefined {
  if (file.length < 33 || !file.subarray(0, 8).equals(SIGNATURE)) return undefined;
  if (file.readUInt32BE(8) !== 13 || file.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  if (width === 0 || height === 0) return undefined;
  return { width, height };
}

const KNOWN_TYPES: Array<[string, number[]]> = [
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/webp', [0x52, 0x49, 0x46, 0x46]],
  ['image/bmp', [0x42, 0x4d]],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46]],
];

/**
 * What a file is by its first bytes, for messages; otherwise the declared type, unless that claims a PNG
 * the content is not.
 */
export function sniffedMimeType(file: Buffer, declared: string): string {
  if (pngSize(file)) return 'image/png';
  const known = KNOWN_TYPES.find(([, magic]) => magic.every((byte, index) => file[index] === byte));
  if (known) return known[0];
  return declared && declared !== 'image/png' ? declared : 'application/octet-stream';
}
