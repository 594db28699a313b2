import type { ImageType } from '../../../domain/template/limits';
import { paintPng, type Paint, type Rgba } from '../passes';

export type Rgb = readonly [number, number, number];

/** A shape in the unit square (0..1 both ways, y downwards): is the point inside? */
export type Glyph = (u: number, v: number) => boolean;

/** The colours and the symbol of one demo template's pictures. */
export interface Artwork {
  background: Rgb;
  accent: Rgb;
  glyph: Glyph;
}

const inCircle = (u: number, v: number, cu: number, cv: number, r: number) =>
  (u - cu) ** 2 + (v - cv) ** 2 <= r * r;

const inRing = (u: number, v: number, cu: number, cv: number, outer: number, inner: number) =>
  inCircle(u, v, cu, cv, outer) && !inCircle(u, v, cu, cv, inner);

function inRoundedRect(
  u: number,
  v: number,
  left: number,
  top: number,
  right: number,
  bottom: number,
  r: number,
) {
  if (u < left || u > right || v < top || v > bottom) return false;
  const cu = Math.min(Math.max(u, left + r), right - r);
  const cv = Math.min(Math.max(v, top + r), bottom - r);
  return (u - cu) ** 2 + (v - cv) ** 2 <= r * r;
}

/** Within `half` of the segment from (au, av) to (bu, bv)? */
function nearSegment(u: number, v: number, au: number, av: number, bu: number, bv: number, half: number) {
  const du = bu - au;
  const dv = bv - av;
  const t = Math.min(1, Math.max(0, ((u - au) * du + (v - av) * dv) / (du * du + dv * dv)));
  return (u - au - t * du) ** 2 + (v - av - t * dv) ** 2 <= half * half;
}

/** Even-odd rule over the polygon's corners. */
function inPolygon(u: number, v: number, corners: ReadonlyArray<readonly [number, number]>) {
  let inside = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const [ui, vi] = corners[i];
    const [uj, vj] = corners[j];
    if (vi > v !== vj > v && u < ((uj - ui) * (v - vi)) / (vj - vi) + ui) inside = !inside;
  }
  return inside;
}

const STAR = Array.from({ length: 10 }, (_, index) => {
  const radius = index % 2 === 0 ? 0.44 : 0.19;
  const angle = -Math.PI / 2 + (index * Math.PI) / 5;
  return [0.5 + radius * Math.cos(angle), 0.54 + radius * Math.sin(angle)] as const;
});

/** The symbols of the five demo templates. */
export const GLYPHS = {
  cup: (u, v) =>
    inRoundedRect(u, v, 0.18, 0.34, 0.66, 0.8, 0.1) ||
    (u > 0.6 && inRing(u, v, 0.66, 0.53, 0.15, 0.08)) ||
    inRoundedRect(u, v, 0.1, 0.83, 0.76, 0.89, 0.03) ||
    nearSegment(u, v, 0.32, 0.12, 0.32, 0.26, 0.03) ||
    nearSegment(u, v, 0.46, 0.1, 0.46, 0.26, 0.03),
  percent: (u, v) =>
    inRing(u, v, 0.28, 0.28, 0.15, 0.07) ||
    inRing(u, v, 0.72, 0.72, 0.15, 0.07) ||
    nearSegment(u, v, 0.78, 0.18, 0.22, 0.82, 0.05),
  star: (u, v) => inPolygon(u, v, STAR),
  person: (u, v) => inCircle(u, v, 0.5, 0.3, 0.17) || (v < 0.88 && inCircle(u, v, 0.5, 0.95, 0.38)),
  train: (u, v) =>
    (inRoundedRect(u, v, 0.2, 0.1, 0.8, 0.74, 0.12) &&
      !inRoundedRect(u, v, 0.29, 0.2, 0.71, 0.44, 0.04) &&
      !inCircle(u, v, 0.34, 0.6, 0.055) &&
      !inCircle(u, v, 0.66, 0.6, 0.055)) ||
    nearSegment(u, v, 0.34, 0.76, 0.24, 0.92, 0.035) ||
    nearSegment(u, v, 0.66, 0.76, 0.76, 0.92, 0.035),
} satisfies Record<string, Glyph>;

const WHITE: Rgb = [255, 255, 255];
const opaque = (rgb: Rgb, alpha = 1): Rgba => [rgb[0], rgb[1], rgb[2], alpha];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
/** `over` laid on `under` with the given opacity. */
const blend = (under: Rgb, over: Rgb, alpha: number): Rgb => mix(under, over, alpha);

/** The glyph in a square of `size` at (left, top) of the picture. */
const glyphAt = (glyph: Glyph, x: number, y: number, left: number, top: number, size: number) =>
  glyph((x - left) / size, (y - top) / size);

/** Soft light circles at fixed places (centre and radius as parts of the width): the texture of strips and backgrounds. */
const BUBBLES = [
  [0.12, 0.3, 0.13],
  [0.38, 0.85, 0.18],
  [0.62, 0.15, 0.11],
  [0.9, 0.7, 0.16],
] as const;
function bubbles(x: number, y: number, width: number, height: number): number {
  let light = 0;
  for (const [cu, cv, r] of BUBBLES) {
    const du = x - cu * width;
    const dv = y - cv * height;
    if (du * du + dv * dv <= r * r * width * width) light += 0.07;
  }
  return light;
}

const painters: Record<ImageType, (art: Artwork, width: number, height: number) => Paint> = {
  icon: (art, width) => (x, y) => {
    if (!inRoundedRect(x, y, 0, 0, width, width, width * 0.22)) return undefined;
    return opaque(glyphAt(art.glyph, x, y, width * 0.17, width * 0.17, width * 0.66) ? WHITE : art.accent);
  },
  logo: (art, _width, height) => (x, y) => {
    const r = height * 0.46;
    if (!inCircle(x, y, height / 2, height / 2, r)) return undefined;
    const inside = glyphAt(art.glyph, x, y, height * 0.22, height * 0.22, height * 0.56);
    return opaque(inside ? WHITE : art.accent);
  },
  strip: (art, width, height) => (x, y) => {
    const base = mix(art.background, art.accent, (x / width) * 0.8);
    const lit = blend(base, WHITE, bubbles(x, y, width, height));
    const size = height * 0.8;
    const marked = glyphAt(art.glyph, x, y, width - size - height * 0.3, height * 0.1, size);
    return opaque(marked ? blend(lit, WHITE, 0.3) : lit);
  },
  thumbnail: (art, width, height) => (x, y) => {
    if (!inRoundedRect(x, y, 0, 0, width, height, width * 0.12)) return undefined;
    const base = mix(art.accent, art.background, y / height);
    const size = Math.min(width, height) * 0.7;
    const marked = glyphAt(art.glyph, x, y, (width - size) / 2, (height - size) / 2, size);
    return opaque(marked ? WHITE : base);
  },
  background: (art, width, height) => (x, y) => {
    const base = mix(art.background, art.accent, (y / height) * 0.6);
    const lit = blend(base, WHITE, bubbles(x, y, width, height) * 1.5);
    const size = width * 0.16;
    const column = Math.floor(x / (size * 2));
    const row = Math.floor(y / (size * 2));
    const shift = (column + row) % 2 === 0 ? 0 : size;
    const marked = glyphAt(art.glyph, x, y, column * size * 2 + size / 2, row * size * 2 + shift / 2, size);
    return opaque(marked ? blend(lit, WHITE, 0.12) : lit);
  },
  footer: (art, width, height) => (x, y) => {
    const rail = Math.abs(y - height / 2) < 2;
    const sleeper = x % 24 < 5 && Math.abs(y - height / 2) < 9;
    const end = width * 0.94;
    if (x > end) return glyphAt(art.glyph, x, y, end + 4, 1, height - 2) ? opaque(art.accent) : undefined;
    return rail || sleeper ? opaque(art.accent, rail ? 1 : 0.6) : undefined;
  },
  artwork: (art, width, height) => painters.background(art, width, height),
  venueMap: (art, width, height) => (x, y) => {
    const grid = x % 80 < 3 || y % 80 < 3;
    const stage = inRoundedRect(x, y, width * 0.3, height * 0.08, width * 0.4, height * 0.16, 12);
    return opaque(stage ? art.accent : grid ? mix(WHITE, art.accent, 0.25) : WHITE);
  },
  primaryLogo: (art, width, height) => painters.logo(art, width, height),
  secondaryLogo: (art, width, height) => painters.logo(art, width, height),
};

/** The size each picture is drawn at: as stored, the @2x, within the sizes spec section 5 allows. */
export const ARTWORK_SIZES: Record<ImageType, { width: number; height: number }> = {
  icon: { width: 58, height: 58 },
  logo: { width: 100, height: 100 },
  strip: { width: 640, height: 200 },
  thumbnail: { width: 180, height: 180 },
  background: { width: 360, height: 440 },
  footer: { width: 572, height: 30 },
  artwork: { width: 716, height: 896 },
  venueMap: { width: 800, height: 600 },
  primaryLogo: { width: 80, height: 80 },
  secondaryLogo: { width: 60, height: 60 },
};

/**
 * A demo picture of the given type, drawn in the template's colours around its symbol.
 *
 * @example const icon = drawArtwork('icon', { background: [78, 52, 46], accent: [191, 128, 72], glyph: GLYPHS.cup })
 */
export function drawArtwork(type: ImageType, art: Artwork): Buffer {
  const { width, height } = ARTWORK_SIZES[type];
  return paintPng(width, height, painters[type](art, width, height));
}
