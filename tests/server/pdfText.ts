import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A word pdftotext read, with its box on the page. */
export interface WordBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
}

/** What poppler's pdftotext writes of the PDF with these options. */
function pdftotext(pdf: Buffer, options: string[]): string {
  // the test command installs poppler-utils (scripts/test.mjs); a missing one fails the test, never skips it
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-'));
  const file = path.join(folder, 'invoice.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', [...options, file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(folder, { recursive: true });
  }
}

/**
 * The lines of a PDF as a reader sees them (pdftotext -layout: the cells of a table row on one line, blocks side by
 * side on the same lines), each run of spaces (no-break ones too) made one space.
 */
export function pdfLines(pdf: Buffer): string[] {
  return pdftotext(pdf, ['-layout'])
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0\u202f]+/g, ' ').trim())
    .filter(Boolean);
}

/** Word boxes of each page, as poppler's pdftotext finds them in the PDF. */
export function wordBoxes(pdf: Buffer): WordBox[][] {
  const html = pdftotext(pdf, ['-bbox']);
  return html
    .split('<page ')
    .slice(1)
    .map((page) =>
      [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ].map((match) => ({ x0: +match[1], y0: +match[2], x1: +match[3], y1: +match[4], text: match[5] })),
    );
}
