/** The file's text as the server will read it: UTF-8 when it is valid UTF-8, else Windows-1250 (Czech Excel). */
function decoded(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

/** The cells of one line, quotes honoured (a preview: a quoted line break ends the line here). */
function cellsOf(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += character;
  }
  cells.push(cell);
  return cells;
}

/**
 * The first rows of a CSV file to show before it is checked: the header and up to `rows` lines, read as the
 * server reads them (encoding, `,` or `;`). The server's report is the judge; this only shows what was picked.
 *
 * @example csvPreview(await file.slice(0, 65536).arrayBuffer(), 5) // { header: ['name'], rows: [['Jane']] }
 */
export function csvPreview(buffer: ArrayBuffer, rows: number): { header: string[]; rows: string[][] } {
  const lines = decoded(new Uint8Array(buffer))
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const first = lines[0] ?? '';
  const delimiter = first.split(';').length > first.split(',').length ? ';' : ',';
  return {
    header: cellsOf(first, delimiter),
    rows: lines.slice(1, rows + 1).map((line) => cellsOf(line, delimiter)),
  };
}
