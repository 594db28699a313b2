/** Business constants of spec section 9 that only the console uses. */
export const PAGE_SIZES = [5, 10, 20, 50, 100];
export const DEFAULT_PAGE_SIZE = 20;

/** Bulk reads (complete lists) and exports fetch this many rows per request; the API's maximum limit. */
export const BULK_PAGE_SIZE = 1000;
export const EXPORT_LIMIT = 1000;
export const PROJECT_BATCH_SIZE = 10;

export const TOKEN_REFRESH_BEFORE_MS = 30_000;
/** A loaded item stays cached this long after its views unbind, and is re-read when older. */
export const ITEM_CACHE_MS = 900_000;
export const NOTIFICATION_MS = 5_000;

/** Below this width the menu becomes a slide-over sidebar with a top bar. */
export const WIDE_LAYOUT_MIN_PX = 1240;
/** Below this width the screen is a phone's: short page titles, compact banners. */
export const PHONE_MAX_PX = 600;
export const FILTER_FIELD_PX = 315;
/** The height of a row of the list's filter grid (a filled input with its margins). */
export const FILTER_ROW_PX = 60;
export const FILTER_WIDE_OFFSET_PX = 200;
