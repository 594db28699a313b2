import { parse, type CsvError } from 'csv-parse';
import { IMPORT_MAX_CELL_LENGTH, IMPORT_MAX_COLUMNS } from '../../../../domain/schemas/passImport';
import type { Localized } from '../../../kernel/http/errors';

/**
 * A record's bytes at most: a million columns or a giant cell stops the reading there (parsing costs by the cell, so
 * a record is kept small enough to be refused in a moment), never fills the memory.
 */
const MAX_RECORD_BYTES = 256 * 1024;
/** How much of the file is decoded at a time. */
const DECODE_CHUNK_BYTES = 64 * 1024;

/** Something wrong with the file as a whole (its encoding, its header, a broken quote), at a row when known. */
export class CsvFileError extends Error {
  constructor(
    readonly problem: Localized & { en: string },
    readonly row: number | null,
  ) {
    super(problem.en);
  }
}

/** One record of the file: its row as a spreadsheet numbers it (the header is row 1) and its cells. */
export interface CsvRecord {
  row: number;
  cells: string[];
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** A Czech letter (áéíóúý, čďě, ňřšťůž) as UTF-8: two bytes that Windows-1250 text almost never holds. */
const UTF8_CZECH_LETTER = /[\xc3-\xc5][\x80-\xbf]/;

/** The line (1-based) of the byte at `offset`. */
const lineAt = (data: Buffer, offset: number) =>
  data.subarray(0, offset).toString('latin1').split('\n').length;

/** The first byte that is not UTF-8, or -1: the decoder of the platform reads, a loop finds where it stopped. */
function firstInvalidUtf8(data: Buffer): number {
  let offset = 0;
  while (offset < data.length) {
    const byte = data[offset];
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : 4;
    if (byte >= 0x80 && (byte < 0xc2 || byte > 0xf4)) return offset;
    const piece = data.subarray(offset, offset + length);
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(piece);
    } catch {
      return offset;
    }
    offset += length;
  }
  return -1;
}

/**
 * The file's encoding: UTF-8 (with or without its BOM) when it is valid UTF-8, else Windows-1250 (what Czech Excel
 * saves as "CSV"). A file holding both UTF-8 letters and bytes that are not UTF-8 is refused: read either way, some
 * of its text would be garbage.
 *
 * @example encodingOf(Buffer.from('name\nŽluťoučký kůň')) // 'utf-8'
 */
export function encodingOf(data: Buffer): 'utf-8' | 'windows-1250' {
  const body = UTF8_BOM.every((byte, index) => data[index] === byte) ? data.subarray(3) : data;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return 'utf-8';
  } catch {
    if (!UTF8_CZECH_LETTER.test(body.toString('latin1'))) return 'windows-1250';
    const line = lineAt(body, firstInvalidUtf8(body));
    throw new CsvFileError(
      {
        en: `The file mixes UTF-8 with another encoding (line ${line} is not UTF-8). Save it again as "CSV UTF-8".`,
        cs: `Soubor míchá UTF-8 s jiným kódováním (řádek ${line} není v UTF-8). Uložte ho znovu jako „CSV UTF-8“.`,
      },
      null,
    );
  }
}

/**
 * The delimiter of the header line: `;` (Czech Excel) when it has more semicolons than commas, else `,`.
 *
 * @example delimiterOf('name;city') // ';'
 */
export function delimiterOf(headerLine: string): ',' | ';' {
  const count = (character: string) => headerLine.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The file's text in pieces, decoded as it is read (a multi-byte letter split between pieces is kept whole). */
function* decodedPieces(data: Buffer, encoding: string): Generator<string> {
  const decoder = new TextDecoder(encoding);
  for (let offset = 0; offset < data.length; offset += DECODE_CHUNK_BYTES)
    yield decoder.decode(data.subarray(offset, offset + DECODE_CHUNK_BYTES), { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * Refuses a record's cell beyond IMPORT_MAX_COLUMNS while the parser reads it (the parser's `cast` sees each cell):
 * a row of a million empty cells is refused at its 501st, and reading stops (the rest could be as wide).
 */
function refuseWideRecord(value: string, context: { index: number; records: number }): string {
  if (context.index < IMPORT_MAX_COLUMNS) return value;
  const row = context.records + 1;
  throw new CsvFileError(
    {
      en: `Row ${row} has more than ${IMPORT_MAX_COLUMNS} cells; an import may have at most ${IMPORT_MAX_COLUMNS} columns.`,
      cs: `Řádek ${row} má více než ${IMPORT_MAX_COLUMNS} buněk; import smí mít nejvýše ${IMPORT_MAX_COLUMNS} sloupců.`,
    },
    row,
  );
}

/** What the parser's error means to the person who saved the file, at its row. */
function fileErrorOf(error: CsvError & { records?: number }): CsvFileError {
  const row = (error.records ?? 0) + 1;
  const at = { en: `Row ${row}`, cs: `Řádek ${row}` };
  if (error.code === 'CSV_QUOTE_NOT_CLOSED')
    return new CsvFileError(
      {
        en: `${at.en}: a quote (") opens a cell that never closes.`,
        cs: `${at.cs}: uvozovka (") otevírá buňku, která se nikde neuzavírá.`,
      },
      row,
    );
  if (error.code === 'CSV_MAX_RECORD_SIZE')
    return new CsvFileError(
      {
        en: `${at.en} is larger than ${MAX_RECORD_BYTES} bytes: a row may have at most ${IMPORT_MAX_COLUMNS} columns of at most ${IMPORT_MAX_CELL_LENGTH} characters.`,
        cs: `${at.cs} je větší než ${MAX_RECORD_BYTES} bajtů: řádek smí mít nejvýše ${IMPORT_MAX_COLUMNS} sloupců po nejvýše ${IMPORT_MAX_CELL_LENGTH} znacích.`,
      },
      row,
    );
  return new CsvFileError(
    {
      en: `${at.en}: the quotes (") are broken; a cell holding a quote must be quoted whole, with the quote doubled ("").`,
      cs: `${at.cs}: uvozovky (") jsou porušené; buňka s uvozovkou musí být celá v uvozovkách a uvozovka zdvojená ("").`,
    },
    row,
  );
}

/**
 * The records of a CSV file, the header first, read as a stream: the encoding and the delimiter detected
 * (encodingOf, delimiterOf), blank lines skipped (yet counted, as a spreadsheet numbers its rows). The file is fed
 * to the parser a piece at a time and the records of each piece are handed out before the next is read, so the
 * records before a broken quote come out before the CsvFileError that names its row (a record above 1 MiB too).
 *
 * @example for await (const { row, cells } of csvRecords(file)) …
 */
export async function* csvRecords(data: Buffer): AsyncGenerator<CsvRecord> {
  const encoding = encodingOf(data);
  const head = new TextDecoder(encoding).decode(data.subarray(0, MAX_RECORD_BYTES));
  const parser = parse({
    delimiter: delimiterOf(head.split(/\r?\n/, 1)[0]),
    bom: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_BYTES,
    cast: refuseWideRecord,
  });
  const parsed: string[][] = [];
  let failure: CsvError | CsvFileError | undefined;
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (error: CsvError | CsvFileError) => {
      failure ??= error;
      resolve();
    });
  });
  parser.on('data', (cells: string[]) => parsed.push(cells));
  let row = 0;
  function* take(): Generator<CsvRecord> {
    for (const cells of parsed.splice(0)) {
      row += 1;
      if (!cells.every((cell) => cell === '')) yield { row, cells };
    }
  }
  try {
    for (const piece of decodedPieces(data, encoding)) {
      parser.write(piece);
      await new Promise((resolve) => setImmediate(resolve));
      yield* take();
      if (failure) break;
    }
    if (!failure) {
      parser.end();
      await ended;
    }
    yield* take();
    const stopped = failure as CsvError | CsvFileError | undefined;
    if (stopped instanceof CsvFileError) throw stopped;
    if (stopped) {
      if (stopped.code?.startsWith('CSV_') || stopped.code === 'INVALID_OPENING_QUOTE')
        throw fileErrorOf(stopped);
      throw stopped;
    }
  } finally {
    parser.destroy();
  }
}
