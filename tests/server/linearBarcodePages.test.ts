import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import {
  codabarCharacters,
  code39Characters,
  pngRuns,
  readEan13,
  readI2of5,
  svgRuns,
  type Runs,
} from './linearBarcodes';
import { coreApi, jsonTemplate, templateBody } from './passFixtures';
import { pdfLines } from './pdfText';

// PDF and PNG rendering on a busy two-core machine.
jest.setTimeout(60_000);

/**
 * The images of a PDF as a reader sees them on white paper (poppler's pdfimages; an image with an alpha mask, as
 * bwip-js's transparent PNGs are, laid over white by its mask), as PNG files.
 */
function pdfImages(pdf: Buffer): Buffer[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pass-pdf-'));
  try {
    const file = path.join(folder, 'pass.pdf');
    fs.writeFileSync(file, pdf);
    // one line per image file after two lines of heading: its type (image, smask) in the third column
    const types = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => line.trim().split(/\s+/)[2]);
    execFileSync('pdfimages', ['-png', file, path.join(folder, 'image')]);
    const files = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => PNG.sync.read(fs.readFileSync(path.join(folder, name))));
    return files.flatMap((image, index) => {
      if (types[index] !== 'image') return [];
      const mask = types[index + 1] === 'smask' ? files[index + 1] : undefined;
      const shown = new PNG({ width: image.width, height: image.height });
      for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
        const alpha = mask ? mask.data[pixel * 4] / 255 : 1;
        for (let channel = 0; channel < 3; channel += 1)
          shown.data[pixel * 4 + channel] = Math.round(
            image.data[pixel * 4 + channel] * alpha + 255 * (1 - alpha),
          );
        shown.data[pixel * 4 + 3] = 255;
      }
      return [PNG.sync.write(shown)];
    });
  } finally {
    fs.rmSync(folder, { recursive: true });
  }
}

/** The inline SVG of the pass's barcode on its page (the other SVG is the QR code of the link). */
function barcodeSvgOf(html: string): string | undefined {
  return /<div class="barcode" role="img"[^>]*>(<svg[\s\S]*?<\/svg>)/.exec(html)?.[1];
}

/** Each iOS 27 format, a message it carries, and how a scanner reads its symbol back. */
const FORMATS: Array<{ format: string; message: string; read: (runs: Runs) => unknown; expected: unknown }> =
  [
    { format: 'PKBarcodeFormatEAN13', message: '5901234123457', read: readEan13, expected: '5901234123457' },
    { format: 'PKBarcodeFormatI2of5', message: '00123456', read: readI2of5, expected: '00123456' },
    // start, "TICKET-42", stop
    { format: 'PKBarcodeFormatCode39', message: 'TICKET-42', read: code39Characters, expected: 11 },
    // its own start and stop characters, and five digits
    { format: 'PKBarcodeFormatCodabar', message: 'A40156B', read: codabarCharacters, expected: 7 },
  ];

/** Messages each format cannot carry: letters in EAN-13, an odd count of digits in I2of5, and so on. */
const UNFIT: Array<{ format: string; message: string }> = [
  { format: 'PKBarcodeFormatEAN13', message: 'TICKET42' },
  { format: 'PKBarcodeFormatI2of5', message: '12345' },
  { format: 'PKBarcodeFormatCode39', message: 'ticket' },
  { format: 'PKBarcodeFormatCodabar', message: '40156' },
];

describe.each(databaseKinds)('iOS 27 barcodes on the pass page and in its PDF (%s)', (kind) => {
  let server: TestServer;
  const api = coreApi(() => server);
  let admin: string;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { PUBLIC_URL: 'https://passes.test' });
    admin = await server.adminToken();
    projectId = await server.createProject('Linear barcodes');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  }, 30_000);

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.call(undefined, { method: 'GET', url, headers });

  /** A pass of a template whose only barcode is the format, its message the pass's `name`. */
  const passWith = async (format: string, message: string, languages = ['en']) => {
    const template = await api.created(
      admin,
      'template',
      templateBody(projectId, {
        languages,
        jsonTemplate: jsonTemplate({
          barcodes: [
            {
              format,
              message: { type: 'string', value: '#{name}', fallback: message },
              messageEncoding: 'iso-8859-1',
            },
          ],
        }),
      }),
    );
    return (await api.created(admin, 'pass', { templateId: template.id, dynamicData: { name: message } }))
      .id as string;
  };

  describe.each(FORMATS)('$format', ({ format, message, read, expected }) => {
    let passId: string;
    beforeAll(async () => {
      passId = await passWith(format, message);
    });

    it('is drawn on the pass page as an inline SVG a scanner reads', async () => {
      const response = await get(`/p/${passId}`);
      expect(response.statusCode).toBe(200);
      const svg = barcodeSvgOf(response.body);
      expect(svg).toBeDefined();
      expect(read(svgRuns(svg as string))).toEqual(expected);
      expect(response.body).not.toContain('This barcode cannot be drawn');
    });

    it('is drawn in the PDF as an image a scanner reads', async () => {
      const response = await get(`/p/${passId}?format=pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const readings = pdfImages(response.rawPayload).map((png) => read(pngRuns(png)));
      expect(readings).toContainEqual(expected);
      expect(pdfLines(response.rawPayload).join('\n')).not.toContain('This barcode cannot be drawn');
    });
  });

  it('draws another message as another symbol', async () => {
    const html = (await get(`/p/${await passWith('PKBarcodeFormatEAN13', '400638133393')}`)).body;
    // twelve digits: the check digit is added, as on any EAN-13
    expect(readEan13(svgRuns(barcodeSvgOf(html) as string))).toBe('4006381333931');
  });

  describe.each(UNFIT)('a message $format cannot carry ($message)', ({ format, message }) => {
    let passId: string;
    beforeAll(async () => {
      passId = await passWith(format, message);
    });

    it('shows the page with the code in words and a note instead of the symbol', async () => {
      const response = await get(`/p/${passId}`);
      expect(response.statusCode).toBe(200);
      expect(barcodeSvgOf(response.body)).toBeUndefined();
      // only the QR code of the link
      expect(response.body.match(/<svg /g)).toHaveLength(1);
      expect(response.body).toContain(
        'This barcode cannot be drawn: its code does not fit the barcode format.',
      );
      expect(response.body).toMatch(new RegExp(`<div class="alt-text">${message}</div>`));
    });

    it('makes the PDF with the code in words and the note', async () => {
      const response = await get(`/p/${passId}?format=pdf`);
      expect(response.statusCode).toBe(200);
      const text = pdfLines(response.rawPayload).join(' ');
      expect(text).toContain('This barcode cannot be drawn');
      expect(text).toContain(message);
      expect(pdfImages(response.rawPayload)).toEqual([]);
    });
  });

  it("writes the note in the pass's language", async () => {
    const passId = await passWith('PKBarcodeFormatEAN13', 'ABC', ['cs']);
    const page = await get(`/p/${passId}`, { 'accept-language': 'cs' });
    expect(page.body).toContain('Tento čárový kód nelze vykreslit');
    const pdf = await get(`/p/${passId}?format=pdf`, { 'accept-language': 'cs' });
    expect(pdfLines(pdf.rawPayload).join(' ')).toContain('Tento čárový kód nelze vykreslit');
  });
});
