import { isUuid } from '../../../domain/where';
import { passResource } from '../../../domain/schemas/pass';
import type { AppContext } from '../../kernel/appContext';
import type { Db } from '../../kernel/db/database';
import { recordChange, systemActor } from '../../kernel/engine/auditTrail';
import { entityOf } from '../../kernel/engine/crudService';
import { passRepository, passDefinition } from '../passes';
import { notFound } from '../../kernel/http/errors';
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

/** Who the audit trail names for the passes that a template's public link hands out. */
const TEMPLATE_LINK = systemActor('template link');

/**
 * A new pass of a distributable template, without dynamic data or images of its own, recorded in the audit trail
 * in the same transaction; answers its id.
 */
export function handOutPass(
  context: Pick<AppContext, 'db' | 'config'>,
  template: PublicTemplate,
): Promise<string> {
  return context.db.transaction().execute(async (trx) => {
    const row = await passRepository.insertTemplatePass(trx, template, {});
    await recordChange({ db: trx, config: context.config }, TEMPLATE_LINK, {
      resource: passResource.name,
      action: 'create',
      after: entityOf(passDefinition, context.config, row),
    });
    return row.id;
  });
}
