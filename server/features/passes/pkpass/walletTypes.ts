import type { ImageType } from '../../../../domain/template/limits';
import type { PassRow, TemplateRow } from '../../../kernel/db/tables';
import type { PreflightReport } from './problems';
import type { ZipPieces } from './zipWriter';

/** A pass as Apple Wallet receives it: the signed .pkpass archive. */
export interface SignedPass {
  /**
   * the archive as the pieces it is sent from (its template's images are the packager's own buffers, not copies):
   * send them with piecesBody, or join them (pkpassBytes) where one buffer is needed
   */
  archive: ZipPieces;
  /** when the pass as the wallet shows it last changed (Last-Modified, If-Modified-Since) */
  lastModified: Date;
  /** e.g. `Coffee card.pkpass` */
  fileName: string;
}

/**
 * A signed pass's archive in one buffer (a copy of its pieces).
 *
 * @example const files = unzipSync(pkpassBytes(await passes.signedPass(id)))
 */
export function pkpassBytes(signed: SignedPass): Buffer {
  return Buffer.concat(signed.archive.pieces, signed.archive.size);
}

/** A pass resolved for people to look at (landing page, PDF, Google Wallet): no signing involved. */
export interface PassView {
  pass: PassRow;
  template: TemplateRow;
  /** the language the texts are in: the asked one when the template has it, else English, else its first */
  language: string;
  /** pass.json with every placeholder filled (dynamic data, else the fallback) and every text in `language` */
  passJson: Record<string, unknown>;
  /** image id per slot: the pass's dynamic images over the template's, in `language` */
  imageIds: Partial<Record<ImageType, string>>;
}

/** Builds and signs passes; one instance per server, in AppContext. */
export interface PassPackager {
  /**
   * The signed .pkpass of a live pass, from a cache while neither pass, template, images nor certificate
   * changed. Throws HttpError 404 (unknown or deleted pass) or 409 with the pre-flight errors.
   */
  signedPass(passId: string): Promise<SignedPass>;
  /**
   * A pass as Apple Wallet's web service finds it by its serial number (live or deleted; undefined when unknown),
   * its pass type identifier (its template's live certificate's), and its signed .pkpass as signedPass gives it,
   * without reading the pass again.
   */
  walletPass(
    passId: string,
  ): Promise<
    { pass: PassRow; passTypeIdentifier: string | undefined; signed: () => Promise<SignedPass> } | undefined
  >;
  /** A live pass resolved in a language; HttpError 404 when unknown or deleted. */
  view(passId: string, language?: string): Promise<PassView>;
}

/** Pre-flight of passes and templates: what the console and a pass's page show before anything is signed. */
export interface WalletPreflight {
  /** errors stop signing (the pass's download answers 409), warnings do not; HttpError 404 for an unknown pass */
  passPreflight(passId: string): Promise<PreflightReport>;
  /** A pass's view and its pre-flight from one read of the pass (a pass's page shows both); 404 as view */
  viewWithPreflight(
    passId: string,
    language?: string,
  ): Promise<{ view: PassView; preflight: PreflightReport }>;
  /** undefined when the template is unknown or deleted */
  templatePreflight(templateId: string): Promise<PreflightReport | undefined>;
}

/** Save to Google Wallet; one instance per server, in AppContext. */
export interface GoogleWallet {
  /**
   * The signed 'Save to Google Wallet' JWT of a live pass and its link (a skinny JWT when the full one would make
   * the link longer than 1,800 characters). HttpError 404 (unknown or deleted pass), 409 (the template has no
   * Save to Google Pay object template), 503 (no service account configured).
   */
  saveLink(passId: string): Promise<{ jwt: string; url: string }>;
}

declare module '../../../kernel/appContext' {
  interface AppContext {
    /** builds, checks (pre-flight), signs and caches Apple Wallet passes */
    passes: PassPackager & WalletPreflight;
    /** Save to Google Wallet JWTs and links (createGoogleWallet also updates a template's objects) */
    googleWallet: GoogleWallet;
  }
}
