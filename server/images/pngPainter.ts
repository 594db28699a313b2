import zlib from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from './pngChunks';

/** red, green, blue (0–255) and opacity (0–1) */
export type Rgba = readonly [number, number, number, number];

/** The colour at a point of the picture (coordinates in pixels, fractions allowed); undefined: transparent. */
export type Paint = (x: number, y: number) => Rgba | undefined;

/** Samples per pixel side: 4 × 4 samples smooth the edges of shapes. */
const SAMPLES = 4;

/** The average of a pixel's samples, opacity-weighted so that transparent samples do not darken the edges. */
function pixelOf(paint: Paint, left: number, top: number): [number, number, number, number] {
  let red = 0;
  let green = 0;
  let blue = 0;
  let alpha = 0;
  for (let sy = 0; sy < SAMPLES; sy++)
    for (let sx = 0; sx < SAMPLES; sx++) {
      const colour = paint(left + (sx + 0.5) / SAMPLES, top + (sy + 0.5) / SAMPLES);
      if (!colour) continue;
      red += colour[0] * colour[3];
      green += colour[1] * colour[3];
      blue += colour[2] * colour[3];
      alpha += colour[3];
    }
  if (alpha === 0) return [0, 0, 0, 0];
  return [
    Math.round(red / alpha),
    Math.round(green / alpha),
    Math.round(blue / alpha),
    Math.round((alpha / (SAMPLES * SAMPLES)) * 255),
  ];
}

/**
 * An RGBA PNG of the given size whose every pixel is the smoothed colour of `paint` over it: pictures drawn in
 * code, so that no asset file has to ship.
 *
 * @example paintPng(58, 58, (x, y) => (Math.hypot(x - 29, y - 29) < 20 ? [200, 30, 30, 1] : undefined))
 */
export function paintPng(width: number, height: number, paint: Paint): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4); // filter byte 0: none
    for (let x = 0; x < width; x++) row.set(pixelOf(paint, x, y), 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
