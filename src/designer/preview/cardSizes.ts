/** Sizes of the pass preview in CSS pixels (spec section 9): Wallet's points, images at half their 2x files. */
export const CARD_WIDTH = 320;
export const CARD_HEIGHT = 450;
export const CARD_PADDING = 12;
/** the width fields share between the card's side paddings */
export const CONTENT_WIDTH = CARD_WIDTH - 2 * CARD_PADDING;

export const LOGO_MAX = { width: 160, height: 50 };
export const STRIP_HEIGHT = { tall: 122, short: 84 };
export const THUMBNAIL_SIZE = 90;
export const FOOTER_SIZE = { width: 300, height: 20 };
export const BACKGROUND_SIZE = { width: 360, height: 440 };
