import bwipjs from 'bwip-js/node';
import { interleavedDigitsPaired } from '../../../domain/template/barcodeRules';
import type { CardBarcode } from './passCard';

/** The linear symbologies iOS 27 added: drawn with their human-readable text, as printed labels carry it. */
const LABELLED_SYMBOLOGIES: readonly CardBarcode['symbology'][] = [
  'code39',
  'rationalizedCodabar',
  'ean13',
  'interleaved2of5',
];
/** The wide symbols: a fixed bar height, about a quarter of their width as Wallet draws them. */
const WIDE_SYMBOLOGIES: readonly CardBarcode['symbology'][] = ['code128', 'pdf417', ...LABELLED_SYMBOLOGIES];

/** bwip-js options of a pass barcode: square codes get a quiet zone, linear codes and PDF417 their usual shape. */
function optionsOf(barcode: CardBarcode): bwipjs.RenderOptions {
  return {
    bcid: barcode.symbology,
    text: barcode.message,
    scale: 3,
    paddingwidth: 4,
    paddingheight: 4,
    ...(WIDE_SYMBOLOGIES.includes(barcode.symbology) ? { height: 14 } : {}),
    ...(LABELLED_SYMBOLOGIES.includes(barcode.symbology) ? { includetext: true } : {}),
  };
}

/**
 * Whether bwip-js draws exactly the message. It pads an odd count of digits for Interleaved 2 of 5 with a leading
 * zero, so a scanner would read another code than the pass's (ZXing refuses such a message too); every other
 * message it cannot encode, it refuses itself.
 */
const drawnAsIs = (barcode: CardBarcode) =>
  barcode.symbology !== 'interleaved2of5' || interleavedDigitsPaired(barcode.message);

/**
 * A pass barcode as inline SVG; undefined when the message cannot be encoded in that symbology.
 *
 * @example barcodeSvg({ symbology: 'qrcode', message: '123', altText: '' }) // '<svg viewBox=…'
 */
export function barcodeSvg(barcode: CardBarcode): string | undefined {
  if (!drawnAsIs(barcode)) return undefined;
  try {
    return bwipjs.toSVG(optionsOf(barcode));
  } catch {
    return undefined;
  }
}

/**
 * A pass barcode as a PNG; undefined when the message cannot be encoded in that symbology.
 *
 * @example const png = await barcodePng({ symbology: 'pdf417', message: '123', altText: '' })
 */
export async function barcodePng(barcode: CardBarcode): Promise<Buffer | undefined> {
  if (!drawnAsIs(barcode)) return undefined;
  try {
    return await bwipjs.toBuffer(optionsOf(barcode));
  } catch {
    return undefined;
  }
}

const qrCode = (message: string): CardBarcode => ({ symbology: 'qrcode', message, altText: '' });

/**
 * A QR code as scanners read it anywhere (printed, on a screen, in a dark theme): opaque white and the 4-module
 * quiet zone of ISO/IEC 18004. bwip-js draws a QR module 2 points wide, so 8 points of padding.
 */
const quietQrOptions = (message: string) => ({
  ...optionsOf(qrCode(message)),
  paddingwidth: 8,
  paddingheight: 8,
  backgroundcolor: 'FFFFFF',
});

/** @example await linkQrPng('https://passes.example.com/p/{id}') // PNG bytes */
export async function linkQrPng(url: string): Promise<Buffer> {
  return bwipjs.toBuffer({ ...quietQrOptions(url), scale: 6 });
}

/** @example linkQrSvg('https://passes.example.com/p/{id}') // '<svg viewBox=…' */
export function linkQrSvg(url: string): string {
  return bwipjs.toSVG(quietQrOptions(url));
}

/**
 * The QR code of a ticket's code, what the gate scans (the same message as its pass's barcode), as inline SVG.
 *
 * @example ticketQrSvg(ticket.ticketSecret) // '<svg viewBox=…'
 */
export function ticketQrSvg(ticketSecret: string): string {
  return bwipjs.toSVG(quietQrOptions(ticketSecret));
}
