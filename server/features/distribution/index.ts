/**
 * Distribution: the public pages of passes and templates (/p): landing page, card, PDF, download,
 * tracked links, and the brief cache of their reads.
 *
 * What other features and the app (server/app.ts) may use of it; the rest is its own.
 */
export { ticketQrSvg } from './barcodes';
export { BASE_STYLE, escapeHtml, htmlPage, sendHtmlPage, type HtmlPage } from './html';
export { recordPublicRequest } from './passEvents';
export { productIcon } from './productIcon';
export { createPublicPassCache } from './publicPassCache';
export type { PublicPass } from './publicRecords';
export { publicRoutes } from './publicRoutes';
export { messagePage } from './templateLandingPage';
