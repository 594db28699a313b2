/** Barcode symbols drawn by bwip-js, as SVG images the preview can show without injecting markup. */
// the browser build, by its own entry: the root entry's conditions (browser, node…) are none TypeScript reads;
// one import per symbology keeps the other hundred out of the bundle
import {
  azteccode,
  code128,
  code39,
  drawingSVG,
  ean13,
  interleaved2of5,
  pdf417,
  qrcode,
  rationalizedCodabar,
} from 'bwip-js/browser';
import { interleavedDigitsPaired } from '../../../domain/template/barcodeRules';
import type { BarcodeT } from '../../../domain/template/jsonTemplateSchema';

type BarcodeFormat = BarcodeT['format'];

const SYMBOLOGY: Record<BarcodeFormat, typeof qrcode> = {
  PKBarcodeFormatQR: qrcode,
  PKBarcodeFormatPDF417: pdf417,
  PKBarcodeFormatAztec: azteccode,
  PKBarcodeFormatCode128: code128,
  PKBarcodeFormatCode39: code39,
  PKBarcodeFormatCodabar: rationalizedCodabar,
  PKBarcodeFormatEAN13: ean13,
  PKBarcodeFormatI2of5: interleaved2of5,
};

/** How Wallet names the formats; the same in every language. */
export const BARCODE_FORMAT_NAMES: Record<BarcodeFormat, string> = {
  PKBarcodeFormatQR: 'QR',
  PKBarcodeFormatPDF417: 'PDF417',
  PKBarcodeFormatAztec: 'Aztec',
  PKBarcodeFormatCode128: 'Code 128',
  PKBarcodeFormatCode39: 'Code 39',
  PKBarcodeFormatCodabar: 'Codabar',
  PKBarcodeFormatEAN13: 'EAN-13',
  PKBarcodeFormatI2of5: 'Interleaved 2 of 5',
};

/** The square symbols; the others are wide. */
export const isSquareFormat = (format: BarcodeFormat) =>
  format === 'PKBarcodeFormatQR' || format === 'PKBarcodeFormatAztec';

export type BarcodeSymbol = { imageSrc: string } | { error: string };

// Drawing a symbol takes milliseconds: each format and message is drawn once, however often the preview renders.
const MAX_REMEMBERED = 50;
const drawn = new Map<string, BarcodeSymbol>();

function draw(format: BarcodeFormat, message: string): BarcodeSymbol {
  if (format === 'PKBarcodeFormatI2of5' && !interleavedDigitsPaired(message))
    return { error: 'Interleaved 2 of 5 needs an even number of digits.' };
  try {
    // a linear symbol as tall as Wallet draws it: about a quarter of its width
    const height = isSquareFormat(format) || format === 'PKBarcodeFormatPDF417' ? {} : { height: 15 };
    const svg = SYMBOLOGY[format]({ bcid: '', text: message, scale: 2, ...height }, drawingSVG());
    return { imageSrc: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The symbol of a message as an SVG data address for an <img>, or why the symbology cannot encode it.
 *
 * @example barcodeSymbol('PKBarcodeFormatQR', 'PASS-1') // { imageSrc: 'data:image/svg+xml;…' }
 * @example barcodeSymbol('PKBarcodeFormatCode128', '') // { error: 'bwip-js: bar code text not specified.' }
 */
export function barcodeSymbol(format: BarcodeFormat, message: string): BarcodeSymbol {
  const key = `${format}\n${message}`;
  const known = drawn.get(key);
  if (known) return known;
  const symbol = draw(format, message);
  if (drawn.size >= MAX_REMEMBERED) {
    const oldest = drawn.keys().next().value;
    if (oldest !== undefined) drawn.delete(oldest);
  }
  drawn.set(key, symbol);
  return symbol;
}
