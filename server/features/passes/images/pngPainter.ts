import zlib from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from './pngChunks';

/** red, green, blue (0–255) and opacity (0–1) */
export type Rgba = readonly [number, number, number, number];

/** The colour at a point of the picture (coordinates in pixels, fractions allowed); undefined: transparent. */
export type Paint = (x: number, y: number) => Rgba | undefined;

/** Samples per pixel side where a pixel holds an edge: 4 × 4 samples smooth the edges of shapes. */
const SAMPLES = 4;
/** Within a shape or a gradient, 2 × 2 samples that (nearly) agree stand for the pixel. */
const QUICK = [0.25, 0.75] as const;
const NEARLY = 2;

type Pixel = [number, number, number, number];

/** The average of samples, opacity-weighted so that transparent samples do not darken the edges. */
function averageOf(colours: ReadonlyArray<Rgba | undefined>): Pixel {
  let red = 0;
  let green = 0;
  let blue = 0;
  let alpha = 0;
  for (const colour of colours) {
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
    Math.round((alpha / colours.length) * 255),
  ];
}

function agree(colours: ReadonlyArray<Rgba | undefined>): boolean {
  const [first] = colours;
  return colours.every((colour) =>
    !first || !colour
      ? first === colour
      : colour[3] === first[3] &&
        Math.abs(colour[0] - first[0]) <= NEARLY &&
        Math.abs(colour[1] - first[1]) <= NEARLY &&
        Math.abs(colour[2] - first[2]) <= NEARLY,
  );
}

function pixelOf(paint: Paint, left: number, top: number): Pixel {
  const quick = QUICK.flatMap((dy) => QUICK.map((dx) => paint(left + dx, top + dy)));
  if (agree(quick)) return averageOf(quick);
  const samples: Array<Rgba | undefined> = [];
  for (let sy = 0; sy < SAMPLES; sy++)
    for (let sx = 0; sx < SAMPLES; sx++)
      samples.push(paint(left + (sx + 0.5) / SAMPLES, top + (sy + 0.5) / SAMPLES));
  return averageOf(samples);
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
