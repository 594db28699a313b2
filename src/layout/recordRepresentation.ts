import type { TObject } from '@sinclair/typebox';
import { shortId } from '../common/shortId';
import { descriptorOfRoute } from '../dataProviders/resourceRegistry';

type Entity = Record<string, unknown> & { id?: unknown };

const formatOf = (schema: TObject, field: string) =>
  (schema.properties[field] as { format?: string } | undefined)?.format;

/**
 * How titles, breadcrumbs and references name a row of a console route: by its declaration's `representation`
 * field, an id field by its first group (as short columns show ids), a moment as the browser writes dates and times
 * (as date columns show them), the row's id when the field is empty.
 *
 * @example recordRepresentationOf('passes/template')(template) // 'Summer ticket'
 */
export function recordRepresentationOf(route: string): (record: Entity) => string {
  const descriptor = descriptorOfRoute(route);
  if (!descriptor) throw new Error(`No resource is declared for the route "${route}".`);
  const field = descriptor.representation;
  const fallback = descriptor.ui.representationElse;
  const format = formatOf(descriptor.schema, field);
  return (record) => {
    const value = record[field] || (fallback ? record[fallback] : undefined);
    if (value === null || value === undefined || value === '') return String(record.id ?? '');
    if (format === 'uuid') return shortId(String(value));
    if (format === 'date-time' && !Number.isNaN(Date.parse(String(value))))
      return new Date(String(value)).toLocaleString();
    return String(value);
  };
}
