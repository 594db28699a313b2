import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import { PNG_SIGNATURE } from '../../server/features/passes/images/pngChunks';
import { ADAM7 } from '../../server/features/passes/images/pngCheck';

/** One chunk of a PNG file: its type and data (length and CRC are computed when the file is written). */
export interface PngChunk {
  type: string;
  data: Buffer;
}

/** The chunks of a well-formed PNG. */
export function chunksOf(png: Buffer): PngChunk[] {
  const chunks: PngChunk[] = [];
  for (let at = PNG_SIGNATURE.length; at < png.length;) {
    const length = png.readUInt32BE(at);
    chunks.push({
      type: png.toString('latin1', at + 4, at + 8),
      data: png.subarray(at + 8, at + 8 + length),
    });
    at += 12 + length;
  }
  return chunks;
}

/** A PNG file of the chunks, each with its right CRC (or, with `wrongCrcOf`, that chunk's CRC off by one). */
export function pngOf(chunks: PngChunk[], options: { wrongCrcOf?: string } = {}): Buffer {
  const parts = [PNG_SIGNATURE];
  for (const { type, data } of chunks) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE((zlib.crc32(typeAndData) + (type === options.wrongCrcOf ? 1 : 0)) >>> 0);
    parts.push(length, typeAndData, crc);
  }
  return Buffer.concat(parts);
}

/** Pseudo-random bytes from a seed: the same noise on every run. */
export function noise(length: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

/** A real RGBA PNG (written by pngjs) of noisy pixels: it compresses badly, like a photo. */
export function noisyPng(width: number, height: number, seed = 1): Buffer {
  const image = new PNG({ width, height });
  noise(width * height * 4, seed).copy(image.data);
  return PNG.sync.write(image);
}

const withImageData = (png: Buffer, imageData: Buffer): PngChunk[] => {
  const chunks = chunksOf(png).filter((chunk) => chunk.type !== 'IDAT');
  chunks.splice(chunks.length - 1, 0, { type: 'IDAT', data: imageData });
  return chunks;
};

const imageDataOf = (png: Buffer) =>
  Buffer.concat(
    chunksOf(png)
      .filter((chunk) => chunk.type === 'IDAT')
      .map((chunk) => chunk.data),
  );

/**
 * PNGs whose header is a valid `width` × `height` RGBA image but whose file or image data is not: each one a way
 * a file fools a reader that trusts the first 24 bytes.
 */
export function damagedPngs(width: number, height: number): Record<string, Buffer> {
  const good = noisyPng(width, height);
  const imageData = imageDataOf(good);
  const pixels = zlib.inflateSync(imageData);
  const interlacedHeader = chunksOf(good).map((chunk) => {
    if (chunk.type !== 'IHDR') return chunk;
    const data = Buffer.from(chunk.data);
    data[12] = 1;
    return { type: 'IHDR', data };
  });
  return {
    'cut short in the middle of a chunk': good.subarray(0, Math.floor(good.length / 2)),
    'image data cut short': pngOf(withImageData(good, imageData.subarray(0, imageData.length >> 1))),
    'garbage image data': pngOf(withImageData(good, noise(imageData.length, 7))),
    'a wrong CRC': pngOf(chunksOf(good), { wrongCrcOf: 'IDAT' }),
    'a bomb (64 MB of zeros behind a small header)': pngOf(
      withImageData(good, zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 })),
    ),
    'its real pixels followed by 16 MB more data': pngOf(
      withImageData(good, zlib.deflateSync(Buffer.concat([pixels, Buffer.alloc(16 * 1024 * 1024)]))),
    ),
    'rows with a filter type that does not exist': pngOf(
      withImageData(good, zlib.deflateSync(Buffer.concat([Buffer.from([9]), pixels.subarray(1)]))),
    ),
    'an interlaced header over non-interlaced data': pngOf(interlacedHeader),
    'no end chunk': pngOf(chunksOf(good).filter((chunk) => chunk.type !== 'IEND')),
  };
}

/** A valid interlaced (Adam7) RGBA PNG of noisy pixels, written by hand: pngjs writes none. */
export function interlacedPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  let seed = 11;
  for (const [column, row, columnStep, rowStep] of ADAM7) {
    const passWidth = Math.ceil(Math.max(0, width - column) / columnStep);
    const passHeight = Math.ceil(Math.max(0, height - row) / rowStep);
    if (passWidth === 0) continue;
    for (let y = 0; y < passHeight; y++) rows.push(Buffer.from([0]), noise(passWidth * 4, (seed += 1)));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 1], 8);
  return pngOf([
    { type: 'IHDR', data: header },
    { type: 'IDAT', data: zlib.deflateSync(Buffer.concat(rows)) },
    { type: 'IEND', data: Buffer.alloc(0) },
  ]);
}
