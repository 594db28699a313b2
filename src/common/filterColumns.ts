import { FILTER_FIELD_PX, FILTER_WIDE_OFFSET_PX, WIDE_LAYOUT_MIN_PX } from '../constants';

/**
 * How many filter fields fit on a row: one per 315 px of the window, after 200 px for the menu when the
 * window is wider than 1240 px; at least one.
 *
 * @example filterColumns(1400) // 3
 */
export function filterColumns(windowWidth: number): number {
  const usable = windowWidth > WIDE_LAYOUT_MIN_PX ? windowWidth - FILTER_WIDE_OFFSET_PX : windowWidth;
  return Math.max(1, Math.floor(usable / FILTER_FIELD_PX));
}
