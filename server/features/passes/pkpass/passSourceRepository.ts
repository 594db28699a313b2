import type { Db } from '../../../kernel/db/database';
import type { CertificateRow, ImageRow, PassRow, TemplateRow } from '../../../kernel/db/tables';
import { notFound } from '../../../kernel/http/errors';
import { upcomingImageIds } from './upcomingImages';

/** Everything a pass is made of, read in one go. */
export interface PassSources {
  pass: PassRow;
  template: TemplateRow;
  certificate: CertificateRow | undefined;
  /** live images of the project the template, its upcoming events and the pass point to, by id */
  images: Map<string, ImageRow>;
}

/** Image ids of a template's `images` or a pass's `dynamicImages` (plain or per language). */
export function imageIdsOf(images: unknown): string[] {
  if (!images || typeof images !== 'object') return [];
  const ids: string[] = [];
  for (const value of Object.values(images as Record<string, unknown>)) {
    if (typeof value === 'string') ids.push(value);
    else if (value && typeof value === 'object')
      for (const id of Object.values(value as Record<string, unknown>))
        if (typeof id === 'string') ids.push(id);
  }
  return ids;
}

/** Live images of a project by id; ids of other projects or deleted images are left out. */
export async function liveImages(db: Db, projectId: string, ids: string[]): Promise<Map<string, ImageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('image')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .where('projectId', '=', projectId)
    .where('deletedAt', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The live certificate of a template, if any. */
export function liveCertificate(db: Db, id: string | null): Promise<CertificateRow | undefined> {
  if (!id) return Promise.resolve(undefined);
  return db
    .selectFrom('certificate')
    .selectAll()
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/**
 * A live pass with its template, certificate and images; HttpError 404 when the pass (or its template) is unknown
 * or deleted.
 *
 * @example const { pass, template } = await loadPassSources(db, passId)
 */
export async function loadPassSources(db: Db, passId: string): Promise<PassSources> {
  const pass = /^[0-9a-f-]{36}$/i.test(passId)
    ? await db
        .selectFrom('pass')
        .selectAll()
        .where('id', '=', passId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!pass) throw notFound('Pass');
  const template = await db
    .selectFrom('template')
    .selectAll()
    .where('id', '=', pass.templateId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!template) throw notFound('Pass');
  const [certificate, images] = await Promise.all([
    liveCertificate(db, template.certificateId),
    liveImages(db, template.projectId, [
      ...imageIdsOf(template.images),
      ...imageIdsOf(pass.dynamicImages),
      ...upcomingImageIds(template.jsonTemplate),
    ]),
  ]);
  return { pass, template, certificate, images };
}

/** A live template with its certificate and images (for a template's pre-flight, without a pass). */
export async function loadTemplateSources(
  db: Db,
  templateId: string,
): Promise<Omit<PassSources, 'pass'> | undefined> {
  const template = await db
    .selectFrom('template')
    .selectAll()
    .where('id', '=', templateId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!template) return undefined;
  const [certificate, images] = await Promise.all([
    liveCertificate(db, template.certificateId),
    liveImages(db, template.projectId, [
      ...imageIdsOf(template.images),
      ...upcomingImageIds(template.jsonTemplate),
    ]),
  ]);
  return { template, certificate, images };
}
