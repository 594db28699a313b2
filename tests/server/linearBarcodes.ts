import { PNG } from 'pngjs';

/**
 * Reading linear barcodes as a scanner does: the widths of the bars and spaces along one line across the symbol,
 * then the symbology's own tables. Written from the symbologies' definitions, not from the drawing library.
 */

/** Widths of the runs across the symbol, a bar first and a bar last (the quiet zones left out). */
export type Runs = number[];

function runsOf(dark: boolean[]): Runs {
  const first = dark.indexOf(true);
  const last = dark.lastIndexOf(true);
  if (first < 0) return [];
  const runs: Runs = [];
  let current = dark[first];
  let width = 0;
  for (let x = first; x <= last; x += 1) {
    if (dark[x] === current) width += 1;
    else {
      runs.push(width);
      current = dark[x];
      width = 1;
    }
  }
  runs.push(width);
  return runs;
}

/**
 * The runs of an inline SVG as bwip-js writes it: each bar a vertical stroke (`M x y1 L x y2` with its
 * stroke-width), the text drawn as filled outlines beneath; read along a line just under the bars' top.
 */
export function svgRuns(svg: string): Runs {
  const bars: Array<{ left: number; right: number; top: number; bottom: number }> = [];
  for (const path of svg.matchAll(/<path stroke="[^"]*" stroke-width="([\d.]+)" d="([^"]*)"/g)) {
    const width = Number(path[1]);
    for (const line of path[2].matchAll(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g)) {
      const x = Number(line[1]);
      const [y1, y2] = [Number(line[2]), Number(line[4])];
      bars.push({
        left: x - width / 2,
        right: x + width / 2,
        top: Math.min(y1, y2),
        bottom: Math.max(y1, y2),
      });
    }
  }
  if (!bars.length) return [];
  const row = Math.min(...bars.map((bar) => bar.top)) + 1;
  const width = Math.ceil(Math.max(...bars.map((bar) => bar.right)));
  const dark = Array.from({ length: width }, () => false);
  for (const bar of bars.filter((candidate) => candidate.top <= row && candidate.bottom >= row))
    for (let x = Math.round(bar.left); x < Math.round(bar.right); x += 1) dark[x] = true;
  return runsOf(dark);
}

/**
 * The runs of a PNG, read along the line at a quarter of its height (through the bars, above any text), a pixel
 * dark when it is opaque and darker than mid-grey.
 */
export function pngRuns(png: Buffer): Runs {
  const image = PNG.sync.read(png);
  const y = Math.floor(image.height / 4);
  const dark = Array.from({ length: image.width }, (_, x) => {
    const at = (y * image.width + x) * 4;
    const [r, g, b, a] = image.data.subarray(at, at + 4);
    return a > 127 && (r + g + b) / 3 < 128;
  });
  return runsOf(dark);
}

/** Narrow (false) or wide (true) for each run of a two-width symbology: wide is over twice the narrowest. */
function wideRuns(runs: Runs): boolean[] {
  const narrow = Math.min(...runs);
  return runs.map((width) => width > narrow * 1.7);
}

// ---------------------------------------------------------------- EAN-13 (ISO/IEC 15420)

/** The L code of each digit, 7 modules (1 a bar); the R code is its complement, the G code the R code reversed. */
const EAN_L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const EAN_R = EAN_L.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const EAN_G = EAN_R.map((code) => [...code].reverse().join(''));
/** Which of the left half's six digits use the G code tells the first digit. */
const EAN_FIRST = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** An EAN-13 symbol's 13 digits, or undefined when the runs are no EAN-13 symbol. */
export function readEan13(runs: Runs): string | undefined {
  const total = runs.reduce((sum, width) => sum + width, 0);
  // 3 + 42 + 5 + 42 + 3 modules
  const module = total / 95;
  let bits = '';
  runs.forEach((width, index) => {
    bits += (index % 2 === 0 ? '1' : '0').repeat(Math.round(width / module));
  });
  if (
    bits.length !== 95 ||
    !bits.startsWith('101') ||
    bits.slice(45, 50) !== '01010' ||
    !bits.endsWith('101')
  )
    return undefined;
  let parity = '';
  let digits = '';
  for (let index = 0; index < 6; index += 1) {
    const code = bits.slice(3 + index * 7, 10 + index * 7);
    const l = EAN_L.indexOf(code);
    const g = EAN_G.indexOf(code);
    if (l < 0 && g < 0) return undefined;
    parity += l >= 0 ? 'L' : 'G';
    digits += String(l >= 0 ? l : g);
  }
  for (let index = 0; index < 6; index += 1) {
    const digit = EAN_R.indexOf(bits.slice(50 + index * 7, 57 + index * 7));
    if (digit < 0) return undefined;
    digits += String(digit);
  }
  const first = EAN_FIRST.indexOf(parity);
  return first < 0 ? undefined : `${first}${digits}`;
}

// ---------------------------------------------------------------- Interleaved 2 of 5 (ISO/IEC 16390)

/** Each digit's five elements, 1 wide. */
const ITF = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];

/** An Interleaved 2 of 5 symbol's digits, or undefined when the runs are no such symbol. */
export function readI2of5(runs: Runs): string | undefined {
  const wide = wideRuns(runs)
    .map((isWide) => (isWide ? '1' : '0'))
    .join('');
  // start: narrow bar, space, bar, space; stop: wide bar, narrow space, narrow bar
  if (!wide.startsWith('0000') || !wide.endsWith('100')) return undefined;
  const data = wide.slice(4, -3);
  if (data.length % 10 !== 0) return undefined;
  let digits = '';
  for (let at = 0; at < data.length; at += 10) {
    const pair = data.slice(at, at + 10);
    const bars = ITF.indexOf([0, 2, 4, 6, 8].map((index) => pair[index]).join(''));
    const spaces = ITF.indexOf([1, 3, 5, 7, 9].map((index) => pair[index]).join(''));
    if (bars < 0 || spaces < 0) return undefined;
    digits += `${bars}${spaces}`;
  }
  return digits;
}

// ---------------------------------------------------------------- Code 39 and Codabar: their shape

/**
 * The characters of a Code 39 symbol (start and stop included) when its runs have Code 39's shape: characters of
 * nine elements, three of them wide, apart by a narrow space; undefined otherwise.
 */
export function code39Characters(runs: Runs): number | undefined {
  const wide = wideRuns(runs);
  if ((wide.length + 1) % 10 !== 0) return undefined;
  const characters = (wide.length + 1) / 10;
  for (let character = 0; character < characters; character += 1) {
    const elements = wide.slice(character * 10, character * 10 + 9);
    if (elements.filter(Boolean).length !== 3) return undefined;
    if (character < characters - 1 && wide[character * 10 + 9]) return undefined;
  }
  return characters;
}

/**
 * The characters of a Codabar symbol (start and stop included) when its runs have Codabar's shape: characters of
 * seven elements, two or three of them wide, apart by a narrow space; undefined otherwise.
 */
export function codabarCharacters(runs: Runs): number | undefined {
  const wide = wideRuns(runs);
  if ((wide.length + 1) % 8 !== 0) return undefined;
  const characters = (wide.length + 1) / 8;
  for (let character = 0; character < characters; character += 1) {
    const count = wide.slice(character * 8, character * 8 + 7).filter(Boolean).length;
    if (count < 2 || count > 3) return undefined;
    if (character < characters - 1 && wide[character * 8 + 7]) return undefined;
  }
  return characters;
}
