import crypto from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { TObject, TSchema } from '@sinclair/typebox';
import { withTrimmedText } from '../../domain/trimmedText';
import { parseWhere, isUuid } from '../../domain/where';
import {
  INPUT_DATABASE_ERROR_MESSAGE,
  badRequest,
  forbidden,
  isInputDatabaseError,
  notFound,
  HttpError,
  type FieldError,
} from '../http/errors';
import { entityRepository } from '../repositories/entityRepository';
import { auditTrailOn, confirmEntry, foreseenRow, plannedEntry } from './auditTrail';
import { mergePatchFields } from './mergePatch';
import { conditionToSql, fieldExpression } from './whereToSql';
import type { CallContext, Entity, ResourceDefinition, Row, WriteData } from './resourceDefinition';

export const MAX_LIMIT = 1000;

export interface ListParams {
  where?: string;
  page?: number;
  limit?: number;
  order?: 'asc' | 'desc';
  orderBy?: string;
  count?: boolean;
  /** true: count=false (the Yourpass clients' name) */
  suppressCount?: boolean;
  /** true: deleted rows are listed too */
  deleted?: boolean;
}

export interface ListAnswer {
  data: Entity[];
  totalCount: number | null;
  page: number;
  limit: number;
}

function scopeConditions(definition: ResourceDefinition, call: CallContext): RawBuilder<boolean>[] {
  const scope = definition.readScope(call.viewer);
  if (scope === 'all') return [];
  if (scope === 'none') return [sql<boolean>`false`];
  return [scope];
}

function resourceLabel(definition: ResourceDefinition): string {
  const name = definition.descriptor.name;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The live row (or deleted too, when asked) the viewer may read, or 404 exactly as if it did not exist. */
export async function readableRow(
  definition: ResourceDefinition,
  call: CallContext,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<Row> {
  if (!isUuid(id)) throw notFound(resourceLabel(definition));
  const scope = scopeConditions(definition, call);
  const row = await entityRepository.find(call.app.db, definition.table, id, scope, {
    computed: definition.computedColumns,
    includeDeleted: options.includeDeleted,
  });
  if (!row) throw notFound(resourceLabel(definition));
  return row;
}

async function oneEntity(definition: ResourceDefinition, call: CallContext, row: Row): Promise<Entity> {
  const [entity] = await definition.toEntities(call, [row]);
  return entity;
}

/**
 * Can the field be null? Sorting a column that never is needs no "nulls last", and without it an index on the
 * column serves both directions. A path inside a JSON column (not mapped by fieldColumns) may always be null.
 */
function mayHoldNull(definition: ResourceDefinition, field: string): boolean {
  if (field.includes('.') && !definition.fieldColumns?.[field]) return true;
  let schema: TSchema | undefined = definition.descriptor.schema;
  for (const part of field.split('.')) schema = (schema as TObject | undefined)?.properties?.[part];
  const anyOf = (schema as { anyOf?: TSchema[] } | undefined)?.anyOf;
  return !schema || (anyOf ?? []).some((member) => (member as { type?: string }).type === 'null');
}

export async function listEntities(
  definition: ResourceDefinition,
  call: CallContext,
  params: ListParams,
): Promise<ListAnswer> {
  if (!definition.canList(call.viewer)) throw forbidden();
  const { descriptor } = definition;
  const filterFields = descriptor.filterFields;
  const parsed = parseWhere(params.where, filterFields);
  if (!parsed.ok) throw badRequest(parsed.error, [{ path: 'where', message: parsed.error }]);
  const orderBy = params.orderBy ?? 'createdAt';
  if (!descriptor.sortFields.includes(orderBy)) {
    const message = `Cannot order by "${orderBy}". Fields that can be sorted: ${descriptor.sortFields.join(', ')}.`;
    throw badRequest(message, [{ path: 'orderBy', message }]);
  }
  const page = params.page ?? 1;
  const limit = params.limit ?? 10;
  const conditions = [
    ...scopeConditions(definition, call),
    ...parsed.conditions.map((condition) =>
      conditionToSql(condition, filterFields[condition.field], definition.fieldColumns?.[condition.field]),
    ),
  ];
  // A condition on deletedAt (the console's deletedAt: null among them) decides by itself which rows it wants.
  const onDeletedAt = parsed.conditions.some((condition) => condition.field === 'deletedAt');
  const { rows, totalCount } = await entityRepository.list(call.app.db, definition.table, {
    rows: onDeletedAt ? 'byConditions' : params.deleted === true ? 'liveAndDeleted' : 'live',
    conditions,
    computed: definition.computedColumns,
    orderBy: definition.fieldColumns?.[orderBy] ?? fieldExpression(orderBy, 'string'),
    nullsLast: mayHoldNull(definition, orderBy),
    order: params.order ?? 'asc',
    limit,
    offset: (page - 1) * limit,
    withCount: params.count !== false && params.suppressCount !== true,
  });
  return { data: await definition.toEntities(call, rows), totalCount, page, limit };
}

export async function getEntity(
  definition: ResourceDefinition,
  call: CallContext,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<Entity> {
  return oneEntity(definition, call, await readableRow(definition, call, id, options));
}

/**
 * Runs a write (its reads, rules and SQL, through the call it is given) in one transaction holding the lock when the
 * definition names a write lock for this data. The audit entry needs none: the write's own statement inserts it.
 * Inside a transaction every query must go through the call's db, never another handle (PGlite has one connection).
 */
async function inWriteTransaction<T>(
  definition: ResourceDefinition,
  call: CallContext,
  data: WriteData | undefined,
  write: (call: CallContext) => Promise<T>,
): Promise<T> {
  const lock = definition.writeLock?.(data);
  if (!lock) return write(call);
  return call.app.db.transaction().execute(async (trx) => {
    await entityRepository.lockUntilCommit(trx, lock);
    return write({ ...call, app: { ...call.app, db: trx } });
  });
}

/** The entity of the row before a write, for its audit entry; undefined when the trail is off. */
async function entityBefore(definition: ResourceDefinition, call: CallContext, row: Row) {
  return auditTrailOn(call) ? oneEntity(definition, call, row) : undefined;
}

export async function createEntity(
  definition: ResourceDefinition,
  call: CallContext,
  data: WriteData,
): Promise<Entity> {
  await definition.authorizeCreate(call, data);
  const given = await definition.toInsert(call, data);
  // The id is chosen here, so that the audit entry written with the row can foresee the entity (its url).
  const values = { ...given, id: typeof given.id === 'string' ? given.id : crypto.randomUUID() };
  const { row, entity } = await inWriteTransaction(definition, call, undefined, async (locked) => {
    const foreseen = foreseenRow(undefined, values.id, values);
    const entry = await plannedEntry(definition, locked, 'create', undefined, foreseen);
    const inserted = await entityRepository.insert(
      locked.app.db,
      definition.table,
      values,
      definition.computedColumns,
      entry,
    );
    const created = await oneEntity(definition, locked, inserted);
    await confirmEntry(locked.app.db, entry, undefined, created);
    return { row: inserted, entity: created };
  });
  await definition.afterWrite?.(call, row);
  return definition.afterCreate ? definition.afterCreate(call, row, entity) : entity;
}

/** PUT replaces the fields sent; PATCH (merge) merges the resource's merge fields into their current values. */
export async function updateEntity(
  definition: ResourceDefinition,
  call: CallContext,
  id: string,
  sent: WriteData,
  options: { merge?: boolean } = {},
): Promise<Entity> {
  const updated = await inWriteTransaction(definition, call, sent, async (locked) => {
    const existing = await readableRow(definition, locked, id);
    const data = options.merge ? mergePatchFields(definition, existing, sent) : sent;
    await definition.authorizeUpdate(locked, existing, data);
    const values = await definition.toUpdate(locked, existing, data);
    const before = await entityBefore(definition, locked, existing);
    const foreseen = foreseenRow(existing, existing.id, values);
    const entry = await plannedEntry(definition, locked, 'update', before, foreseen);
    const row = await entityRepository.update(
      locked.app.db,
      definition.table,
      id,
      values,
      definition.computedColumns,
      entry,
    );
    if (!row) return undefined;
    const after = await oneEntity(definition, locked, row);
    await confirmEntry(locked.app.db, entry, before, after);
    return { row, entity: after };
  });
  if (!updated) throw notFound(resourceLabel(definition));
  await definition.afterWrite?.(call, updated.row);
  return updated.entity;
}

/** Deletes softly; the deleted entity, deletedAt set (404 when another request deleted it meanwhile). */
export async function deleteEntity(
  definition: ResourceDefinition,
  call: CallContext,
  id: string,
): Promise<Entity> {
  const deleted = await inWriteTransaction(definition, call, undefined, async (locked) => {
    const existing = await readableRow(definition, locked, id);
    await definition.authorizeDelete(locked, existing);
    const before = await entityBefore(definition, locked, existing);
    // deletedAt is the database's time: the foreseen entry names the change, confirmEntry then gives its value
    const foreseen = foreseenRow(existing, existing.id, { deletedAt: new Date() });
    const entry = await plannedEntry(definition, locked, 'delete', before, foreseen);
    const row = await entityRepository.softDelete(
      locked.app.db,
      definition.table,
      id,
      definition.computedColumns,
      entry,
    );
    if (!row) return undefined;
    const after = await oneEntity(definition, locked, row);
    await confirmEntry(locked.app.db, entry, before, after);
    return { row, entity: after };
  });
  if (!deleted) throw notFound(resourceLabel(definition));
  await definition.afterWrite?.(call, deleted.row);
  return deleted.entity;
}

/**
 * A write body as the schema judges it: the entity's read-only fields dropped, so that what a GET answered can be
 * sent back as it is, and its text fields trimmed (domain/trimmedText). Every write of the engine passes here
 * before validation: the routes' bodies and each batch item.
 */
export function writeBodyOf(definition: ResourceDefinition, body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const writable = new Set([
    ...Object.keys(definition.createSchema.properties),
    ...Object.keys(definition.replaceSchema.properties),
  ]);
  const entityFields = Object.keys(definition.descriptor.schema.properties);
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of entityFields) if (!writable.has(field)) delete copy[field];
  return withTrimmedText([definition.createSchema, definition.replaceSchema], copy);
}

export function toFieldErrors(error: unknown): { code: number; message: string[] } {
  if (error instanceof HttpError) {
    const details = (error.errors ?? []).map((field: FieldError) => `${field.path}: ${field.message}`);
    return { code: error.statusCode, message: details.length ? details : [error.message] };
  }
  // as the error handler answers it for a single request (server/http/errors)
  if (isInputDatabaseError(error)) return { code: 400, message: [INPUT_DATABASE_ERROR_MESSAGE] };
  throw error;
}
