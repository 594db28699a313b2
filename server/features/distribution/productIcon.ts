import zlib from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../passes';

const SIZE = 96;
const CARD = [25, 55, 109] as const;
const STRIPE = [92, 148, 233] as const;
const WHITE = [255, 255, 255] as const;

/** Inside a rectangle with rounded corners (radius r)? */
function inRoundedRect(
  x: number,
  y: number,
  left: number,
  top: number,
  right: number,
  bottom: number,
  r: number,
) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + r), right - r);
  const cy = Math.min(Math.max(y, top + r), bottom - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The colour of one pixel of the icon: a pass card with a stripe and a white code square; else transparent. */
function pixel(x: number, y: number): readonly number[] | undefined {
  if (!inRoundedRect(x, y, 14, 6, 81, 89, 10)) return undefined;
  if (y >= 22 && y <= 34) return STRIPE;
  if (x >= 34 && x <= 61 && y >= 48 && y <= 75) {
    const module = Math.floor((x - 34) / 4) + Math.floor((y - 48) / 4);
    return module % 2 === 0 ? WHITE : CARD;
  }
  return CARD;
}

function drawIcon(): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 4);
    for (let x = 0; x < SIZE; x++) {
      const rgb = pixel(x + 0.5, y + 0.5);
      if (rgb) row.set([...rgb, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

let icon: Buffer | undefined;

/**
 * The product's icon (96 x 96 PNG: a pass card), drawn in code once so that no asset file has to ship.
 *
 * @example reply.type('image/png').send(productIcon())
 */
export function productIcon(): Buffer {
  icon ??= drawIcon();
  return icon;
}
