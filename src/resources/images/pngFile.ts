import { IMAGE_MAX_BYTES, imageSizeProblems, type ImageType } from '../../../domain/template/limits';
import { formatFileSize } from './fileSize';

/** What the browser learns of a chosen file before uploading it (the server checks the same). */
export interface FileFacts {
  name: string;
  /** bytes */
  size: number;
  /** image/png when it starts like a PNG, else what its first bytes tell, else what the browser declared */
  mimeType: string;
  /** from the PNG header (IHDR), when it is a PNG */
  width?: number;
  height?: number;
}

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
 * Width and height read from the PNG header of a file's first bytes; undefined when it is not a PNG.
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

/** The facts of a file from its name, size, declared type and first bytes. */
export function fileFacts(
  file: { name: string; size: number; type: string },
  firstBytes: Uint8Array,
): FileFacts {
  const size = pngSize(firstBytes);
  if (size) return { name: file.name, size: file.size, mimeType: 'image/png', ...size };
  const known = KNOWN_TYPES.find(([, magic]) => startsWith(firstBytes, magic));
  const declared = file.type && file.type !== 'image/png' ? file.type : 'application/octet-stream';
  return { name: file.name, size: file.size, mimeType: known ? known[0] : declared };
}

/** Reads the first bytes of a file (FileReader: every browser, and jsdom). */
export function readFirstBytes(file: Blob, count = PNG_HEADER_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () =>
      reject(
        reader.error ?? new Error(`${file instanceof File ? file.name : 'The file'} could not be read.`),
      );
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/** A problem found in the browser, as a translation key and its arguments, or a text of domain/. */
export interface FileProblem {
  message: string;
  args?: Record<string, unknown>;
}

/**
 * Why a file cannot be uploaded as an image of the type (spec section 5): PNG only, 2 MB at most, the
 * type's size. Without a type only the first two are known.
 */
export function imageFileProblems(facts: FileFacts, type: ImageType | undefined): FileProblem[] {
  const problems: FileProblem[] = [];
  if (facts.mimeType !== 'image/png' || facts.width === undefined || facts.height === undefined) {
    problems.push({
      message: 'app.image.unsupported',
      args: { mimeType: facts.mimeType, name: facts.name },
    });
  }
  if (facts.size > IMAGE_MAX_BYTES) {
    problems.push({
      message: 'app.image.tooLarge',
      args: { name: facts.name, size: formatFileSize(facts.size), limit: IMAGE_MAX_BYTES },
    });
  }
  if (type && facts.width !== undefined && facts.height !== undefined) {
    for (const message of imageSizeProblems(type, facts.width, facts.height)) problems.push({ message });
  }
  return problems;
}
