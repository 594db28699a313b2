/** A column of a table on the page: its left edge and the width its text wraps in. */
export interface TableColumn {
  x: number;
  width: number;
  align?: 'left' | 'right';
}

/** A row placed on a page: which page (0 first), its top and its height; the header is placed again on each page. */
export interface PlacedRow {
  page: number;
  y: number;
  height: number;
  cells: string[];
  header: boolean;
}

/** A column as a table declares it: its width, or none to take the width the others leave. */
export interface ColumnSpec {
  width?: number;
  align: 'left' | 'right';
}

/**
 * Columns side by side from `left` to `right`, `gap` points apart: each as wide as it says, the one without a width
 * (at most one) taking the rest.
 *
 * @example columnsBetween([{ align: 'left' }, { width: 60, align: 'right' }], 50, 545, 8) // [{ x: 50, width: 427 }, { x: 485, width: 60 }]
 */
export function columnsBetween(specs: ColumnSpec[], left: number, right: number, gap: number): TableColumn[] {
  const fixed = specs.reduce((sum, spec) => sum + (spec.width ?? 0), 0);
  const rest = right - left - fixed - gap * (specs.length - 1);
  let x = left;
  return specs.map((spec) => {
    const column = { x, width: spec.width ?? rest, align: spec.align };
    x += column.width + gap;
    return column;
  });
}

export interface TableLayout {
  rows: PlacedRow[];
  /** where the content after the table goes */
  end: { page: number; y: number };
}

export interface TableLayoutInput {
  columns: TableColumn[];
  header: string[];
  rows: string[][];
  /** the height of a text wrapped in a width, as the renderer will draw it */
  heightOf: (text: string, width: number, header: boolean) => number;
  /** where the table starts: page and top */
  start: { page: number; y: number };
  /** top of the content on a new page, and the lowest a row may reach */
  pageTop: number;
  pageBottom: number;
  /** space between rows */
  gap: number;
}

/**
 * Places a table's rows on pages without overlap: each row is as high as its tallest wrapped cell, a row that does
 * not fit goes to a new page, and each page the table reaches starts with the header again.
 *
 * @example layoutTable({ columns, header, rows, heightOf: (text, width) => doc.heightOfString(text, { width }), start: { page: 0, y: doc.y }, pageTop: 50, pageBottom: 792, gap: 4 })
 */
export function layoutTable(input: TableLayoutInput): TableLayout {
  const placed: PlacedRow[] = [];
  const heightOfRow = (cells: string[], header: boolean) =>
    Math.max(
      0,
      ...input.columns.map((column, index) => input.heightOf(cells[index] ?? '', column.width, header)),
    );
  const headerHeight = heightOfRow(input.header, true);
  let { page, y } = input.start;
  const place = (cells: string[], header: boolean, height: number) => {
    placed.push({ page, y, height, cells, header });
    y += height + input.gap;
  };
  const newPage = () => {
    page += 1;
    y = input.pageTop;
    place(input.header, true, headerHeight);
  };
  // the header never stays alone at the foot of a page
  const firstRowHeight = input.rows.length ? heightOfRow(input.rows[0], false) + input.gap : 0;
  if (y + headerHeight + input.gap + firstRowHeight > input.pageBottom && y > input.pageTop) {
    page += 1;
    y = input.pageTop;
  }
  place(input.header, true, headerHeight);
  for (const cells of input.rows) {
    const height = heightOfRow(cells, false);
    if (y + height > input.pageBottom) newPage();
    place(cells, false, height);
  }
  return { rows: placed, end: { page, y } };
}
