import type { Pass } from '../../../domain/schemas/pass';

/** The pass columns of the export, in order. */
export const PASS_EXPORT_COLUMNS = [
  'id',
  'project',
  'template',
  'dynamicData',
  'devices',
  'downloads',
  'voided',
  'expirationDate',
  'createdAt',
  'updatedAt',
  'url',
] as const;

type ExportRow = Record<(typeof PASS_EXPORT_COLUMNS)[number], string | number | boolean>;

/**
 * Passes as spreadsheet rows: projects and templates by name (by id when unknown), dynamic data as JSON.
 *
 * @example passExportRows(passes, { project: (id) => names.get(id), template: () => undefined })
 */
export function passExportRows(
  passes: readonly Pass[],
  names: { project: (id: string) => string | undefined; template: (id: string) => string | undefined },
): ExportRow[] {
  return passes.map((pass) => ({
    id: pass.id,
    project: names.project(pass.projectId) ?? pass.projectId,
    template: names.template(pass.templateId) ?? pass.templateId,
    dynamicData: pass.dynamicData === null ? '' : JSON.stringify(pass.dynamicData),
    devices: pass.devices?.total ?? 0,
    downloads: pass.downloads ?? 0,
    voided: pass.voided,
    expirationDate: pass.expirationDate ?? '',
    createdAt: pass.createdAt,
    updatedAt: pass.updatedAt,
    url: pass.url,
  }));
}

/** export_passes_{timestamp}.xlsx */
export const passExportFileName = (now = new Date()) =>
  `export_passes_${now.toISOString().replace(/[:.]/g, '-')}.xlsx`;
