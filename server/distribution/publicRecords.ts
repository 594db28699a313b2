import { isUuid } from '../../domain/where';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import { distributionRepository, type PublicPass, type PublicTemplate } from './distributionRepository';

export type { PublicPass, PublicTemplate };

/** The live pass of a public link, voided ones included; 404 for anything else, a malformed id among them. */
export async function publicPass(db: Db, id: string): Promise<PublicPass> {
  const pass = isUuid(id) ? await distributionRepository.findPass(db, id) : undefined;
  if (!pass) throw notFound('Pass');
  return pass;
}

/** The live template its owners made distributable; 404 for anything else. */
export async function distributableTemplate(db: Db, templateId: string): Promise<PublicTemplate> {
  const template = isUuid(templateId)
    ? await distributionRepository.findDistributableTemplate(db, templateId)
    : undefined;
  if (!template) throw notFound('Template');
  return template;
}

/** Counts one download of the pass (pkpass, PDF, Google Wallet). */
export function countPassDownload(db: Db, passId: string): Promise<void> {
  return distributionRepository.countDownload(db, passId);
}

/** A new pass of a distributable template, without dynamic data or images of its own; answers its id. */
export function handOutPass(db: Db, template: PublicTemplate): Promise<string> {
  return distributionRepository.createPass(db, template, {});
}
