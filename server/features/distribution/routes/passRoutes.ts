import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../kernel/appContext';
import { piecesBody } from '../../../kernel/http/piecesBody';
import { linkQrPng } from '../barcodes';
import type { PublicPass } from '../publicRecords';
import { imageFile } from '../imageFiles';
import { passCardOf } from '../passCard';
import { recordPublicRequest } from '../passEvents';
import { passLandingPage } from '../passLandingPage';
import { passPdf } from '../passPdf';
import { passLink } from '../../passes';
import { offersGoogleWallet } from '../../wallet';
import { preferredLanguage, tagOf } from '../../../kernel/http/requestDetails';
import type { SignedPass } from '../../passes';
import { attachment } from '../../../kernel/http/attachment';
import { badRequest } from '../../../kernel/http/errors';
import { rememberPageLanguages } from './publicErrorPages';
import {
  PASS_FORMATS,
  PassParamsSchema,
  PassQuerySchema,
  shownFormat,
  type PassFormat,
  type PassQuery,
} from './publicSchemas';

/** Passes change at any time (edits, voiding): a browser may keep one but must ask again before using it. */
const REVALIDATE = 'private, no-cache';

type PassRequest = FastifyRequest<{ Params: { id: string }; Querystring: PassQuery }>;

export type DistributionContext = Pick<
  AppContext,
  'config' | 'db' | 'storage' | 'passes' | 'googleWallet' | 'renders' | 'events' | 'publicPasses'
>;

/** A signed pass's entity tag, hashed once per signed bundle (the packager keeps the same object while valid). */
const etags = new WeakMap<SignedPass, string>();
function etagOf(signed: SignedPass): string {
  let etag = etags.get(signed);
  if (etag === undefined) {
    const hash = crypto.createHash('sha256');
    for (const piece of signed.archive.pieces) hash.update(piece);
    etag = `"${hash.digest('base64url').slice(0, 32)}"`;
    etags.set(signed, etag);
  }
  return etag;
}

function formatOf(value: string | undefined): PassFormat | '' {
  if (value === undefined || value === '') return '';
  if ((PASS_FORMATS as readonly string[]).includes(value)) return value as PassFormat;
  throw badRequest(
    `Unknown format "${shownFormat(value)}": use one of ${PASS_FORMATS.join(', ')}, or no format for the pass's page.`,
  );
}

/** The pass's own page with the card, the wallet buttons (Apple Wallet when the pass signs) and a QR code of its link. */
async function landingPage(
  context: DistributionContext,
  pass: PublicPass,
  request: PassRequest,
  reply: FastifyReply,
): Promise<Buffer | string> {
  const language = preferredLanguage(request.headers['accept-language'], pass.languages);
  const { view, preflight } = await context.passes.viewWithPreflight(pass.id, language);
  // the page shows the logo: a damaged one fails the page (409) instead of showing a broken image
  await imageFile(context, view.imageIds.logo);
  const tag = tagOf(request.query.tag);
  const withTag = tag ? `&tag=${tag}` : '';
  const page = passLandingPage({
    card: passCardOf(view.passJson, view.language, view.pass.voided),
    language: view.language,
    link: passLink(context.config, pass.id),
    // relative to the page ({passBase}/{id}): right whatever prefix a proxy puts in front
    logoSrc: view.imageIds.logo ? `image/${encodeURIComponent(view.imageIds.logo)}` : undefined,
    // the button only when the pass signs: otherwise it would lead to a refusal (409)
    appleWalletHref: preflight.errors.length === 0 ? `?format=pkpass${withTag}` : undefined,
    // a development certificate signs, but iPhones refuse what it signs: said plainly, the file offered to inspect
    developmentSigned: preflight.developmentSigned === true,
    googleWalletHref: offersGoogleWallet(pass.googleWallet, context.config.googleWallet)
      ? `?format=savetogooglepayjwt${withTag}`
      : undefined,
  });
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', page.contentSecurityPolicy)
    .header('cache-control', REVALIDATE)
    .header('vary', 'Accept-Language');
  return page.html;
}

/** The signed .pkpass, with validators so that a repeated download of an unchanged pass is a 304. */
async function pkpass(
  context: DistributionContext,
  pass: PublicPass,
  request: PassRequest,
  reply: FastifyReply,
): Promise<Readable | string> {
  const signed = await context.publicPasses.signedPass(pass.id);
  const etag = etagOf(signed);
  const lastModified = new Date(Math.floor(signed.lastModified.getTime() / 1000) * 1000);
  reply
    .header('etag', etag)
    .header('last-modified', lastModified.toUTCString())
    .header('cache-control', REVALIDATE);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  const ifNoneMatch = request.headers['if-none-match'];
  const unchanged = ifNoneMatch
    ? ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
    : !Number.isNaN(since) && lastModified.getTime() <= since;
  if (unchanged) {
    reply.status(304);
    return '';
  }
  context.events.countDownload(pass.id);
  reply
    .header('content-type', 'application/vnd.apple.pkpass')
    .header('content-disposition', attachment(signed.fileName))
    .header('content-length', signed.archive.size);
  return piecesBody(signed.archive.pieces);
}

async function pdf(
  context: DistributionContext,
  pass: PublicPass,
  request: PassRequest,
  reply: FastifyReply,
): Promise<Buffer | string> {
  const language = preferredLanguage(request.headers['accept-language'], pass.languages);
  const view = await context.passes.view(pass.id, language);
  const card = passCardOf(view.passJson, view.language, view.pass.voided);
  const title = card.logoText || card.organizationName || card.description || 'Pass';
  const paper = request.query.paper?.toUpperCase() === 'A6' ? 'A6' : 'A4';
  // pdfkit decodes the logo outside any try: it only ever gets a file the check passed (or 409 first)
  const body = await context.renders(async () =>
    passPdf(card, {
      logo: await imageFile(context, view.imageIds.logo),
      paper,
      title,
      language: view.language,
    }),
  );
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachment(`${title}.pdf`).replace(/^attachment/, 'inline'))
    .header('cache-control', REVALIDATE)
    .header('vary', 'Accept-Language');
  return body;
}

async function qrCode(
  context: DistributionContext,
  pass: PublicPass,
  reply: FastifyReply,
): Promise<Buffer | string> {
  const png = await linkQrPng(passLink(context.config, pass.id));
  reply.header('content-type', 'image/png').header('cache-control', REVALIDATE);
  return png;
}

async function googleWallet(
  context: DistributionContext,
  pass: PublicPass,
  reply: FastifyReply,
): Promise<Buffer | string> {
  const { url } = await context.googleWallet.saveLink(pass.id);
  reply.status(302).header('location', url).header('cache-control', 'private, no-store');
  return '';
}

/**
 * `GET /{id}`: a pass's public link, as its page or in a format (pkpass, pdf, qrcode, savetogooglepayjwt).
 * Unknown and deleted passes answer 404; voided ones are served (the wallet shows them as void).
 *
 * @example await app.register(passRoutes(context))
 */
export function passRoutes(context: DistributionContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/:id',
      {
        schema: {
          operationId: 'getPublicPass',
          summary: 'Get a pass by its public link',
          tags: ['public'],
          description:
            "A pass's public link: its page, or the pass as pkpass, pdf, qrcode or savetogooglepayjwt. 409 when the pass cannot be signed (pkpass) or an image is damaged; failures are a page for browsers (HTML preferred over JSON), the JSON error for programs.",
          params: PassParamsSchema,
          querystring: PassQuerySchema,
        },
      },
      async (request, reply) => {
        const format = formatOf(request.query.format);
        const { id } = request.params;
        const pass = await context.publicPasses.pass(id);
        rememberPageLanguages(request, pass.languages);
        const event = { passId: pass.id, templateId: pass.templateId, projectId: pass.projectId };
        const download = format === 'pkpass' || format === 'pdf' || format === 'savetogooglepayjwt';
        const answer =
          format === 'pkpass'
            ? await pkpass(context, pass, request, reply)
            : format === 'pdf'
              ? await pdf(context, pass, request, reply)
              : format === 'qrcode'
                ? await qrCode(context, pass, reply)
                : format === 'savetogooglepayjwt'
                  ? await googleWallet(context, pass, reply)
                  : await landingPage(context, pass, request, reply);
        recordPublicRequest(context.events, request, {
          ...event,
          type: download ? 'download' : 'preview',
          format: format || null,
        });
        return answer;
      },
    );
  };
}
