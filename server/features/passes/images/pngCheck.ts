import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import { IMAGE_MAX_BYTES } from '../../../../domain/template/limits';
import { PNG_SIGNATURE } from './pngChunks';

/** The most pixels a PNG may have: the largest image type, a poster's venue map, is at most 1500 × 1500. */
export const MAX_PNG_PIXELS = 1500 * 1500;
/**
 * The most bytes a PNG's image data may inflate to: a 1500 × 1500 venue map in 16-bit RGBA needs 18 MB (its rows'
 * filter bytes included); anything more is a decompression bomb.
 */
export const MAX_PNG_INFLATED_BYTES = 1500 * (1 + 1500 * 8);

/** What a full decoding of a PNG found: usable with its size, or the problem in words (to follow "the file: "). */
export type PngCheck = { usable: true; width: number; height: number } | { usable: false; problem: string };

/** channels per colour type, and the bit depths PNG allows for it */
const COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** Adam7: [first column, first row, column step, row step] of each of the seven passes */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Thrown inside the check only, so that each step can stop it with the problem a person reads. */
class PngProblem extends Error {}

interface PngHeader {
  width: number;
  height: number;
  bitsPerPixel: number;
  interlaced: boolean;
}

function headerOf(data: Buffer): PngHeader {
  if (data.length !== 13) throw new PngProblem('its image header (IHDR) is malformed');
  const width = data.readUInt32BE(0);
  const height = data.readUInt32BE(4);
  const [depth, colourType, compression, filter, interlace] = data.subarray(8);
  const colour = COLOUR_TYPES[colourType];
  if (!colour || !colour.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1)
    throw new PngProblem('its image header (IHDR) names a format PNG does not have');
  if (width === 0 || height === 0) throw new PngProblem('its image header (IHDR) gives it no pixels');
  if (width * height > MAX_PNG_PIXELS)
    throw new PngProblem(`it has ${width} x ${height} pixels, more than the ${MAX_PNG_PIXELS} allowed`);
  return { width, height, bitsPerPixel: depth * colour.channels, interlaced: interlace === 1 };
}

/** The bytes the image data must inflate to: every row (of every Adam7 pass) with its filter byte. */
function inflatedSize(header: PngHeader): number {
  const rowBytes = (width: number) => 1 + Math.ceil((width * header.bitsPerPixel) / 8);
  if (!header.interlaced) return header.height * rowBytes(header.width);
  let size = 0;
  for (const [column, row, columnStep, rowStep] of ADAM7) {
    const width = Math.ceil(Math.max(0, header.width - column) / columnStep);
    const height = Math.ceil(Math.max(0, header.height - row) / rowStep);
    if (width > 0 && height > 0) size += height * rowBytes(width);
  }
  return size;
}

/** Walks the chunks up to IEND, checking each one's length and CRC; answers the header and the joined IDAT data. */
function readChunks(bytes: Buffer): { header: PngHeader; imageData: Buffer } {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE))
    throw new PngProblem('it does not start with the PNG signature');
  let header: PngHeader | undefined;
  const imageData: Buffer[] = [];
  let at = PNG_SIGNATURE.length;
  for (;;) {
    if (at + 12 > bytes.length) throw new PngProblem('the file is cut short');
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw new PngProblem('the file is cut short');
    const crc = bytes.readUInt32BE(end - 4);
    if (zlib.crc32(bytes.subarray(at + 4, end - 4)) >>> 0 !== crc) {
      const chunk = /^[A-Za-z]{4}$/.test(type) ? `its ${type} chunk` : 'one of its chunks';
      throw new PngProblem(`the checksum (CRC) of ${chunk} is wrong`);
    }
    const data = bytes.subarray(at + 8, end - 4);
    if (!header && type !== 'IHDR') throw new PngProblem('it does not begin with an image header (IHDR)');
    if (type === 'IHDR') header = headerOf(data);
    if (type === 'IDAT') imageData.push(data);
    if (type === 'IEND') break;
    at = end;
  }
  if (!header) throw new PngProblem('it does not begin with an image header (IHDR)');
  if (!imageData.length) throw new PngProblem('it has no image data (IDAT)');
  return { header, imageData: Buffer.concat(imageData) };
}

/** Inflates the image data, stopping as soon as it passes what the header allows (a decompression bomb). */
function checkImageData(header: PngHeader, imageData: Buffer): void {
  const expected = inflatedSize(header);
  if (expected > MAX_PNG_INFLATED_BYTES)
    throw new PngProblem(`its pixels would take more than the ${MAX_PNG_INFLATED_BYTES} bytes allowed`);
  let inflated: Buffer;
  try {
    inflated = zlib.inflateSync(imageData, { maxOutputLength: expected });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE')
      throw new PngProblem(`its image data inflates to more than the ${expected} bytes its size needs`);
    if (code === 'Z_BUF_ERROR') throw new PngProblem('its image data is cut short');
    throw new PngProblem('its image data is not valid compressed data');
  }
  if (inflated.length !== expected)
    throw new PngProblem(`its image data has ${inflated.length} bytes where its size needs ${expected}`);
}

/**
 * Decodes a PNG completely (pngjs, after a bounded inflation of its data), within the caps of 2 MB of file,
 * MAX_PNG_PIXELS pixels and MAX_PNG_INFLATED_BYTES of image data: damaged, truncated, bad-CRC and bomb files are not usable.
 *
 * @example const check = checkPng(file); if (!check.usable) throw badRequest(`Damaged file x.png: ${check.problem}`)
 */
export function checkPng(bytes: Buffer): PngCheck {
  try {
    if (bytes.length > IMAGE_MAX_BYTES)
      throw new PngProblem(`it is larger than the ${IMAGE_MAX_BYTES} bytes allowed`);
    const { header, imageData } = readChunks(bytes);
    checkImageData(header, imageData);
    try {
      // the data inflates to exactly what the header says: pngjs's own (unbounded, when interlaced) inflation is safe
      PNG.sync.read(bytes);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PngProblem(`its pixels cannot be decoded (${reason.slice(0, 100)})`);
    }
    return { usable: true, width: header.width, height: header.height };
  } catch (error) {
    if (error instanceof PngProblem) return { usable: false, problem: error.message };
    throw error;
  }
}
