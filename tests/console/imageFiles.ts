import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * Files as a user picks them: a real PNG of the size (transparent pixels), which the server would decode as it is;
 * with `totalBytes`, padded to that many bytes by a text chunk. The console itself reads only the header.
 */
export function pngBytes(width: number, height: number, totalBytes?: number): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 4));
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ];
  if (totalBytes !== undefined) {
    const padding = totalBytes - parts.reduce((sum, part) => sum + part.length, 0) - 12;
    if (padding < 0) throw new Error('the PNG is already larger than that');
    parts.splice(2, 0, chunk('tEXt', Buffer.alloc(padding, 0x61)));
  }
  const file = Buffer.concat(parts);
  const bytes = new Uint8Array(file.length);
  bytes.set(file);
  return bytes;
}

export const pngFile = (name: string, width: number, height: number, totalBytes?: number) =>
  new File([pngBytes(width, height, totalBytes)], name, { type: 'image/png' });

export const gifFile = (name = 'animation.gif') =>
  new File([new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')], name, { type: 'image/gif' });
