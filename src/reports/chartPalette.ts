/**
 * The 13 chart colours (spec section 9 names a palette of 13 but not its colours): distinct hues, each dark
 * enough to read as a line on white (contrast of at least 3:1), ordered so that neighbours differ most.
 *
 * @example chartColor(13) // the first colour again
 */
export const CHART_PALETTE: readonly string[] = [
  '#1f6fb4', // blue
  '#d1431b', // vermilion
  '#2b8a3e', // green
  '#8e44ad', // purple
  '#b8860b', // dark gold
  '#c2185b', // magenta
  '#00838f', // teal
  '#6d4c41', // brown
  '#5c6bc0', // indigo
  '#e65100', // orange
  '#558b2f', // olive
  '#ad1457', // raspberry
  '#546e7a', // blue grey
];

export const chartColor = (index: number): string => CHART_PALETTE[index % CHART_PALETTE.length];
