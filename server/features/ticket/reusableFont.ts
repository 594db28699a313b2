import { type FontSubset, trueTypeSubsets } from './trueTypeSubset';

/** What pdfkit asks of a fontkit font beyond its metrics: the shaping of a text and a subset to embed. */
interface FontkitFont {
  layout(text: string, features?: unknown): GlyphRun;
  createSubset(): FontSubset;
}
interface GlyphRun {
  glyphs: unknown[];
  positions: object[];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- fontkit ships without types; one call is used
const fontkit = require('fontkit') as { create(data: Buffer): FontkitFont };

/**
 * Words shaped once and kept per font (under 2 MB): an invoice's own words (numbers, addresses) come and go,
 * its labels, product names and amounts stay.
 */
const KEPT_WORDS = 500;

/** A copy of the same class: pdfkit scales the positions of the runs it is given in place. */
const copyOf = <T extends object>(value: T): T =>
  Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as T, value);

/**
 * A font file parsed once by fontkit, for every PDFDocument of the process: pdfkit keeps the words it shaped only
 * for one document and embeds each document's subset through fontkit, which decodes every glyph again; this font
 * keeps the shaped words (the last KEPT_WORDS, without user features) across documents and writes TrueType subsets
 * straight from the file's bytes (trueTypeSubset.ts). What pdfkit draws and embeds is the same, at a fraction of
 * the CPU.
 *
 * @example doc.registerFont('Regular', reusableFont(fs.readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf')))
 */
export function reusableFont(file: Buffer): PDFKit.Mixins.PDFFontSource {
  const font = fontkit.create(file);
  const subsets = trueTypeSubsets(file);
  const shaped = new Map<string, GlyphRun>();
  const layout = (text: string, features?: unknown): GlyphRun => {
    if (features !== undefined) return font.layout(text, features);
    let run = shaped.get(text);
    if (run) shaped.delete(text);
    else {
      run = font.layout(text);
      if (shaped.size >= KEPT_WORDS) shaped.delete(shaped.keys().next().value as string);
    }
    // the most recently used last, so the least recently used goes first
    shaped.set(text, run);
    const copy = copyOf(run);
    copy.glyphs = [...run.glyphs];
    copy.positions = run.positions.map(copyOf);
    return copy;
  };
  const reusable = new Proxy(font, {
    get: (target, property) =>
      property === 'layout'
        ? layout
        : property === 'createSubset' && subsets
          ? subsets
          : (Reflect.get(target, property) as unknown),
  });
  // pdfkit takes a fontkit font where its types say a file
  return reusable as unknown as PDFKit.Mixins.PDFFontSource;
}
