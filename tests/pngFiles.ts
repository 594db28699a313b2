import zlib from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../server/features/passes/images/pngChunks';

/** A PNG of the size from its header and pixel rows (8 bits a channel; colour type 2 RGB, 6 RGBA). */
function pngOfRows(
  width: number,
  height: number,
  colourType: 2 | 6,
  row: Buffer,
  totalBytes?: number,
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colourType;
  // compression, filter, interlace: 0
  const parts = [
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ];
  if (totalBytes !== undefined) {
    const padding = totalBytes - parts.reduce((sum, part) => sum + part.length, 0) - 12;
    if (padding < 0) throw new Error('the PNG is already larger than that');
    parts.splice(2, 0, pngChunk('tEXt', Buffer.alloc(padding, 0x61)));
  }
  return Buffer.concat(parts);
}

/** A solid RGB PNG of the given size. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, index) => rgb[index % 3])]);
  return pngOfRows(width, height, 2, row);
}

/**
 * A real PNG of the size (transparent pixels); with `totalBytes`, padded to exactly that many bytes by a text chunk,
 * to test size limits at their boundary.
 */
export function transparentPng(width: number, height: number, totalBytes?: number): Buffer {
  return pngOfRows(width, height, 6, Buffer.alloc(1 + width * 4), totalBytes);
}
