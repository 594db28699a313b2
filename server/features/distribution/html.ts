import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe for HTML content and attribute values.
 *
 * @example escapeHtml('<b>"Tom" & Jerry</b>') // '&lt;b&gt;&quot;Tom&quot; &amp; Jerry&lt;/b&gt;'
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** A public page: its HTML and the Content-Security-Policy that allows its one inline style block. */
export interface HtmlPage {
  html: string;
  contentSecurityPolicy: string;
}

/**
 * Sends a page with its own Content-Security-Policy; not kept by caches unless told (`private, no-cache` for a page
 * that may be revalidated), and `vary` when the page depends on the request's headers.
 *
 * @example return sendHtmlPage(reply, page, { status: 404, vary: 'Accept, Accept-Language' })
 */
export function sendHtmlPage(
  reply: FastifyReply,
  page: HtmlPage,
  options: { status?: number; cacheControl?: string; vary?: string } = {},
) {
  reply
    .status(options.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', page.contentSecurityPolicy)
    .header('cache-control', options.cacheControl ?? 'no-store');
  if (options.vary) reply.header('vary', options.vary);
  return reply.send(page.html);
}

/**
 * A whole, self-contained page: no external resource; the inline style (and the inline script, when the page has
 * one: only a small progressive enhancement, the page works without it) run under a fresh nonce, images only from
 * this server (the pass's logo) or inline SVG. Forms post to this server, or to `formTargets` (origins a form's answer
 * may redirect to, such as a payment page: browsers apply form-action to the redirects of a form's answer too).
 *
 * @example const { html, contentSecurityPolicy } = htmlPage({ title: 'Pass', language: 'en', style: CSS, body: '<p>…</p>' })
 */
export function htmlPage(parts: {
  title: string;
  language: string;
  style: string;
  body: string;
  script?: string;
  formTargets?: string[];
}): HtmlPage {
  const nonce = crypto.randomBytes(16).toString('base64');
  const script = parts.script ? `\n<script nonce="${nonce}">${parts.script}</script>` : '';
  const html = `<!doctype html>
<html lang="${escapeHtml(parts.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(parts.title)}</title>
<style nonce="${nonce}">${parts.style}</style>
</head>
<body>
${parts.body}${script}
</body>
</html>`;
  const contentSecurityPolicy = [
    "default-src 'none'",
    "img-src 'self' data:",
    `style-src 'nonce-${nonce}'`,
    ...(parts.script ? [`script-src 'nonce-${nonce}'`] : []),
    ["form-action 'self'", ...(parts.formTargets ?? [])].join(' '),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}

/** The look every public page shares; colours of a pass come in as CSS variables set by the page. */
export const BASE_STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:24px 12px;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f2f2f5;color:#1c1c1e;display:flex;flex-direction:column;align-items:center;gap:20px}
.card{width:100%;max-width:360px;border-radius:14px;padding:16px;background:var(--background);color:var(--foreground);box-shadow:0 6px 24px rgba(0,0,0,.18)}
.card header{display:flex;align-items:center;gap:10px;min-height:40px}
.card header img{max-height:40px;max-width:140px}
.logo-text{font-size:18px;font-weight:600;flex:1}
.row{display:flex;flex-wrap:wrap;gap:12px 20px;margin-top:14px}
.field{min-width:0}
.label{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--label)}
.value{font-size:16px;overflow-wrap:anywhere}
.primary .value{font-size:28px;font-weight:300}
.header-fields{margin-left:auto;text-align:right}
.barcode{margin-top:18px;background:#fff;color:#000;border-radius:8px;padding:12px;text-align:center}
.barcode svg{max-width:100%;height:auto;max-height:180px}
.alt-text{font-size:13px;margin-top:6px}
.barcode-note{margin:0;font-size:13px;color:#555}
.barcode-note+.alt-text{font-size:20px;font-family:ui-monospace,monospace;overflow-wrap:anywhere}
.voided{background:#b3261e;color:#fff;border-radius:8px;padding:8px 12px;font-weight:600;max-width:360px;width:100%;text-align:center}
.actions{display:flex;flex-direction:column;gap:10px;width:100%;max-width:360px}
.button{display:block;text-align:center;padding:12px 16px;border-radius:10px;background:#000;color:#fff;text-decoration:none;font-weight:600;border:0;font-size:16px;width:100%;cursor:pointer}
.unavailable{margin:0;padding:12px 16px;border-radius:10px;background:#fff;border:1px solid #c7c7cc;font-size:15px;line-height:1.4;text-align:center}
.button.google{background:#fff;color:#1f1f1f;border:1px solid #747775}
.button.download{background:#fff;color:#1f1f1f;border:1px solid #747775}
.share{display:flex;flex-direction:column;align-items:center;gap:6px;font-size:13px;color:#555}
.share svg{width:140px;height:140px;background:#fff;padding:8px;border-radius:8px}
.message{max-width:420px;background:#fff;border-radius:12px;padding:20px;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 8px}
`;
