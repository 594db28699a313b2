import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { RGB_COLOR } from '../../../domain/template/values';
import { barcodePng } from './barcodes';
import type { CardField, PassCard } from './passCard';
import { publicTexts } from './publicTexts';

export type PaperSize = 'A4' | 'A6';

/** A font with the glyphs of most languages when the system has it; else PDF's Helvetica (Latin-1 only). */
const UNICODE_FONTS = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

type Rgb = [number, number, number];

interface TextStyle {
  size: number;
  color: Rgb;
  width: number;
  bold?: boolean;
  align?: 'left' | 'center';
}

function rgbOf(color: string): Rgb {
  const match = RGB_COLOR.exec(color);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
}

function useFonts(doc: PDFKit.PDFDocument): { regular: string; bold: string } {
  if (fs.existsSync(UNICODE_FONTS.regular) && fs.existsSync(UNICODE_FONTS.bold)) {
    doc.registerFont('PassRegular', UNICODE_FONTS.regular);
    doc.registerFont('PassBold', UNICODE_FONTS.bold);
    return { regular: 'PassRegular', bold: 'PassBold' };
  }
  return { regular: 'Helvetica', bold: 'Helvetica-Bold' };
}

function finished(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * A printable PDF of a pass: the card in its colours with the logo, its fields with their labels, the barcode
 * (drawn by bwip-js) with its alt text, then the back fields. A barcode whose message its format cannot carry is
 * its code in words under a note, in the pass's language.
 *
 * @example const pdf = await passPdf(card, { logo, paper: 'A4', title: 'Coffee card', language: 'en' })
 */
export async function passPdf(
  card: PassCard,
  options: { logo: Buffer | undefined; paper: PaperSize; title: string; language: string },
): Promise<Buffer> {
  const margin = options.paper === 'A4' ? 48 : 20;
  const doc = new PDFDocument({
    size: options.paper,
    margin,
    info: { Title: options.title, Creator: 'Passbase' },
  });
  const done = finished(doc);
  const fonts = useFonts(doc);
  const cardWidth = Math.min(doc.page.width - 2 * margin, 300);
  const left = (doc.page.width - cardWidth) / 2;
  const inner = cardWidth - 32;
  const barcode = card.barcode ? await barcodePng(card.barcode) : undefined;
  const { texts } = publicTexts(options.language);

  /** Writes a text (or, while measuring, only reads its height); answers the y below it. */
  const put = (text: string, x: number, y: number, style: TextStyle, draw: boolean): number => {
    doc.font(style.bold ? fonts.bold : fonts.regular).fontSize(style.size);
    const textOptions = { width: style.width, align: style.align ?? 'left' };
    if (draw) doc.fillColor(style.color).text(text, x, y, textOptions);
    return y + doc.heightOfString(text || ' ', textOptions);
  };

  const drawFields = (fields: CardField[], y: number, valueSize: number, draw: boolean): number => {
    if (!fields.length) return y;
    const width = inner / fields.length;
    let bottom = y;
    fields.forEach((field, index) => {
      const x = left + 16 + index * width;
      const label = { size: 7, color: rgbOf(card.colors.label), width: width - 6 };
      const value = { size: valueSize, color: rgbOf(card.colors.foreground), width: width - 6 };
      const below = put(field.label.toUpperCase(), x, y, label, draw);
      bottom = Math.max(bottom, put(field.value, x, below + 1, value, draw));
    });
    return bottom + 10;
  };

  const top = margin;
  const barcodeHeight =
    card.barcode?.symbology === 'qrcode' || card.barcode?.symbology === 'azteccode' ? 130 : 70;
  /** The card's contents: measured first (draw false), since its background must be drawn beneath them. */
  const cardContents = (draw: boolean): number => {
    let y = top + 14;
    if (options.logo && draw) {
      try {
        doc.image(options.logo, left + 16, y, { fit: [110, 36] });
      } catch {
        // an image pdfkit cannot read leaves the logo out, never the whole PDF
      }
    }
    const textLeft = options.logo ? 134 : 16;
    const logoText = {
      size: 13,
      bold: true,
      color: rgbOf(card.colors.foreground),
      width: cardWidth - textLeft - 16,
    };
    y = Math.max(y + 44, put(card.logoText, left + textLeft, y + 10, logoText, draw) + 8);
    y = drawFields(card.headerFields, y, 11, draw);
    y = drawFields(card.primaryFields, y, 20, draw);
    y = drawFields(card.secondaryFields, y, 11, draw);
    y = drawFields(card.auxiliaryFields, y, 11, draw);
    if (!card.barcode) return y;
    const imageHeight = barcode ? barcodeHeight : 0;
    const box = { x: left + 16, y, width: inner };
    const altStyle = { size: 10, color: [0, 0, 0] as Rgb, width: inner - 16, align: 'center' as const };
    // a message its format cannot carry: a note, then the code in words, which a person at the gate can still type
    const note = barcode ? '' : texts.barcodeNotDrawn;
    const noteStyle = { ...altStyle, size: 8, color: [85, 85, 85] as Rgb };
    const shownText = barcode ? card.barcode.altText : card.barcode.altText || card.barcode.message;
    const noteTop = box.y + 8 + (barcode ? imageHeight + 4 : 0);
    const altTop = note ? put(note, box.x + 8, noteTop, noteStyle, false) + 4 : noteTop;
    const boxBottom = (shownText ? put(shownText, box.x + 8, altTop, altStyle, false) : altTop) + 8;
    if (draw) {
      doc.roundedRect(box.x, box.y, box.width, boxBottom - box.y, 6).fill('#ffffff');
      if (barcode)
        doc.image(barcode, box.x + 8, box.y + 8, { fit: [box.width - 16, imageHeight], align: 'center' });
      if (note) put(note, box.x + 8, noteTop, noteStyle, true);
      if (shownText) put(shownText, box.x + 8, altTop, altStyle, true);
    }
    return boxBottom + 14;
  };

  const bottom = cardContents(false);
  doc.roundedRect(left, top, cardWidth, bottom - top, 12).fill(rgbOf(card.colors.background));
  cardContents(true);

  let y = bottom + 16;
  doc.fillColor('#000000');
  if (card.voided) {
    doc.font(fonts.bold).fontSize(12).fillColor('#b3261e');
    doc.text('VOIDED: this pass is no longer valid.', left, y, { width: cardWidth, align: 'center' });
    y = doc.y + 10;
  }
  if (card.backFields.length) {
    doc.x = left;
    doc.y = y;
    for (const field of card.backFields) {
      doc
        .font(fonts.bold)
        .fontSize(9)
        .fillColor('#555555')
        .text(field.label, left, doc.y, { width: cardWidth });
      doc
        .font(fonts.regular)
        .fontSize(10)
        .fillColor('#000000')
        .text(field.value, left, doc.y, { width: cardWidth });
      doc.moveDown(0.6);
    }
  }
  doc.end();
  return done;
}
