import bwipjs from 'bwip-js/node';
import type { CardBarcode } from './passCard';

/** bwip-js options of a pass barcode: square codes get a quiet zone, Code 128 and PDF417 their usual shape. */
function optionsOf(barcode: CardBarcode) {
  return {
    bcid: barcode.symbology,
    text: barcode.message,
    scale: 3,
    paddingwidth: 4,
    paddingheight: 4,
    ...(barcode.symbology === 'code128' || barcode.symbology === 'pdf417' ? { height: 14 } : {}),
  };
}

/**
 * A pass barcode as inline SVG; undefined when the message cannot be encoded in that symbology.
 *
 * @example barcodeSvg({ symbology: 'qrcode', message: '123', altText: '' }) // '<svg viewBox=…'
 */
export function barcodeSvg(barcode: CardBarcode): string | undefined {
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
