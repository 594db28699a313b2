import type { Db } from '../../../kernel/db/database';
import type { CertificateRow, ImageRow, PassRow, TemplateRow } from '../../../kernel/db/tables';
import type { TableChanges } from '../../../kernel/db/tableChanges';
import { createLiveRowCache, type LiveReadOptions } from '../../../kernel/engine/liveRowCache';
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

/** Reads what passes are made of; templates, certificates and images from memory while their tables are unchanged. */
export interface PassSourceLoader {
  /**
   * The pass row of an id (live or deleted; undefined when unknown), read while the caches catch up with other
   * processes' writes: give `fenced` to sourcesOfPass with it.
   */
  passRow(passId: string): Promise<PassRow | undefined>;
  /** As loadPassSources: 404 for an unknown or deleted pass (or template). */
  passSources(passId: string): Promise<PassSources>;
  /**
   * The sources of a pass row already read (live or deleted); undefined when its template is deleted. `fenced`:
   * the row came from passRow in this request, so the caches have caught up already.
   */
  sourcesOfPass(pass: PassRow, options?: LiveReadOptions): Promise<PassSources | undefined>;
  /** As loadTemplateSources. */
  templateSources(templateId: string): Promise<Omit<PassSources, 'pass'> | undefined>;
}

/** The pass row of an id (live or deleted); undefined for an unknown one or an id that is not a UUID. */
export function findPassRow(db: Db, passId: string): Promise<PassRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(passId))
    return Promise.resolve(undefined);
  return db.selectFrom('pass').selectAll().where('id', '=', passId).executeTakeFirst();
}

/**
 * The loader of pass sources the packager uses: each pass's row from the database, its template, certificate and
 * images from version-checked caches (createLiveRowCache), so a device fetching its pass after a change costs one
 * query once the template is in memory; a write to those tables, here or announced by another process, is seen by
 * the next read.
 *
 * @example const sources = await createPassSourceLoader(db, changes).passSources(passId)
 */
export function createPassSourceLoader(db: Db, changes: TableChanges): PassSourceLoader {
  const templates = createLiveRowCache<TemplateRow>(changes, 'template');
  const certificates = createLiveRowCache<CertificateRow>(changes, 'certificate');
  const images = createLiveRowCache<ImageRow>(changes, 'image');

  // the loader waits once for what other processes wrote (changes.caughtUp), beside its first query; the caches'
  // reads then need no round trip of their own
  const fenced = { fenced: true };
  const template = (id: string) =>
    templates.one(
      id,
      (only) =>
        db
          .selectFrom('template')
          .selectAll()
          .where('id', '=', only)
          .where('deletedAt', 'is', null)
          .executeTakeFirst(),
      fenced,
    );
  const certificate = (id: string | null) =>
    id ? certificates.one(id, (only) => liveCertificate(db, only), fenced) : Promise.resolve(undefined);
  const imagesOf = async (projectId: string, ids: string[]) => {
    const found = await images.read(
      ids,
      (missing) =>
        db
          .selectFrom('image')
          .selectAll()
          .where('id', 'in', missing)
          .where('deletedAt', 'is', null)
          .execute(),
      fenced,
    );
    return new Map([...found].filter(([, row]) => row.projectId === projectId));
  };
  const withTemplate = async (row: TemplateRow, passImages: unknown) => {
    const [certificateRow, imageRows] = await Promise.all([
      certificate(row.certificateId),
      imagesOf(row.projectId, [
        ...imageIdsOf(row.images),
        ...imageIdsOf(passImages),
        ...upcomingImageIds(row.jsonTemplate),
      ]),
    ]);
    return { template: row, certificate: certificateRow, images: imageRows };
  };

  const loader: PassSourceLoader = {
    async passRow(passId) {
      const [pass] = await Promise.all([findPassRow(db, passId), changes.caughtUp()]);
      return pass;
    },
    async passSources(passId) {
      const pass = await loader.passRow(passId);
      const sources = pass && !pass.deletedAt ? await loader.sourcesOfPass(pass, fenced) : undefined;
      if (!sources) throw notFound('Pass');
      return sources;
    },
    async sourcesOfPass(pass, options = {}) {
      if (!options.fenced) await changes.caughtUp();
      const row = await template(pass.templateId);
      return row && { pass, ...(await withTemplate(row, pass.dynamicImages)) };
    },
    async templateSources(templateId) {
      await changes.caughtUp();
      const row = await template(templateId);
      return row && withTemplate(row, undefined);
    },
  };
  return loader;
}
