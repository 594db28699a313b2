import type { Db } from '../../kernel/db/database';
import { googleWalletOfferColumns, type GoogleWalletOffer } from '../wallet';

/** A live pass as the distribution service needs it before resolving anything. */
export interface PublicPass {
  id: string;
  projectId: string;
  templateId: string;
  voided: boolean;
  languages: string[];
  /** whether Add to Google Wallet is offered depends on this and the server's settings (offersGoogleWallet) */
  googleWallet: GoogleWalletOffer;
}

/** A distributable template as its landing page shows it. */
export interface PublicTemplate {
  id: string;
  projectId: string;
  name: string;
  updatedAt: Date;
  dynamicDataJsonSchema: unknown;
  languages: string[];
  jsonTemplate: unknown;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The SQL of the public pass and template links: read live rows, add up downloads, hand out passes. */
export const distributionRepository = {
  /** A live pass (not deleted) of a live template; voided passes are included. */
  async findPass(db: Db, id: string): Promise<PublicPass | undefined> {
    const row = await db
      .selectFrom('pass')
      .innerJoin('template', 'template.id', 'pass.templateId')
      .select([
        'pass.id',
        'pass.projectId',
        'pass.templateId',
        'pass.voided',
        'template.languages',
        ...googleWalletOfferColumns,
      ])
      .where('pass.id', '=', id)
      .where('pass.deletedAt', 'is', null)
      .where('template.deletedAt', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      projectId: row.projectId,
      templateId: row.templateId,
      voided: row.voided,
      languages: strings(row.languages),
      googleWallet: { ownObjectTemplate: row.ownObjectTemplate, eventTicket: row.eventTicket },
    };
  },

  /** A live template that its owners made distributable. */
  async findDistributableTemplate(db: Db, id: string): Promise<PublicTemplate | undefined> {
    const row = await db
      .selectFrom('template')
      .select(['id', 'projectId', 'name', 'updatedAt', 'dynamicDataJsonSchema', 'languages', 'jsonTemplate'])
      .where('id', '=', id)
      .where('distributable', '=', true)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return row && { ...row, languages: strings(row.languages) };
  },
};
