import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { sql, type RawBuilder } from 'kysely';
import type { TObject, TSchema } from '@sinclair/typebox';
import { withTrimmedText } from '../../../domain/trimmedText';
import { parseWhere, isUuid } from '../../../domain/where';
import {
  INPUT_DATABASE_ERROR_MESSAGE,
  badField,
  forbidden,
  isInputDatabaseError,
  notFound,
  HttpError,
  type FieldError,
} from '../http/errors';
import { publishIfHeard } from '../events/integrationEvents';
import { entityRepository } from './entityRepository';
import type { Database } from '../db/tables';
import { canList, checkCreateRule, checkRowRule, readScopeOf } from './accessRules';
import { auditTrailOn, confirmEntry, foreseenRow, plannedEntry } from './auditTrail';
import { checkReferences } from './references';
import { mergePatchFields } from './mergePatch';
import { entityOfRow, rowValuesOf } from './rowValues';
import { conditionToSql, fieldExpression } from './whereToSql';
import { isProjectScope, projectScopeSql } from './projectScope';
import { sharedRead } from './oncePerBody';
import type {
  CallContext,
  Entity,
  EntityConfig,
  ReadScope,
  ResourceDefinition,
  Row,
  WriteData,
} from './resourceDefinition';

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

/** A resource's table bears its name (the keys of db/tables.ts Database). */
const tableOf = (definition: ResourceDefinition) => definition.descriptor.name as keyof Database;

function scopeConditions(definition: ResourceDefinition, call: CallContext): RawBuilder<boolean>[] {
  const scope = readScopeOf(definition, call.viewer);
  if (scope === 'all') return [];
  if (scope === 'none') return [sql<boolean>`false`];
  return [isProjectScope(scope) ? projectScopeSql(scope) : scope];
}

/** A scope that a row is checked against in memory (all but a scope of SQL). */
type MemoryScope = Exclude<ReadScope, RawBuilder<boolean>>;
const isMemoryScope = (scope: ReadScope): scope is MemoryScope =>
  scope === 'all' || scope === 'none' || isProjectScope(scope);

function rowInScope(scope: MemoryScope, row: Row): boolean {
  if (scope === 'all') return true;
  if (scope === 'none') return false;
  return scope.projectIds.includes(String(row[scope.column]));
}

function resourceLabel(definition: ResourceDefinition): string {
  const name = definition.descriptor.name;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The live row (or deleted too, when asked) the viewer may read, or 404 exactly as if it did not exist. */
export async function readableRow<R extends Row>(
  definition: ResourceDefinition<R>,
  call: CallContext,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<R> {
  if (!isUuid(id)) throw notFound(resourceLabel(definition));
  const scope = scopeConditions(definition, call);
  const row = await entityRepository.find(call.app.db, tableOf(definition), id, scope, {
    computed: definition.computedColumns,
    includeDeleted: options.includeDeleted,
  });
  if (!row) throw notFound(resourceLabel(definition));
  // the table of the definition's own resource, read whole: a row of R
  return row as R;
}

/**
 * The entity of a row: the schema's fields from their columns, and the resource's computed fields. Writers outside
 * a request (the checkout, a public link) give the server's configuration, all that computed fields need.
 *
 * @example entityOf(passDefinition, call.app.config, row)
 */
export function entityOf<R extends Row, E extends Entity>(
  definition: ResourceDefinition<R, E>,
  config: EntityConfig,
  row: R,
): E {
  // the schema's fields of the row, as its declaration's schema (E) says
  const entity = entityOfRow(definition.descriptor.schema, row) as E;
  return definition.computedFields ? { ...entity, ...definition.computedFields(config, row) } : entity;
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
  if (!canList(definition, call.viewer)) throw forbidden();
  const { descriptor } = definition;
  const filterFields = descriptor.filterFields;
  const parsed = parseWhere(params.where, filterFields);
  if (!parsed.ok) throw badField('where', { en: parsed.error, cs: parsed.cs });
  const orderBy = params.orderBy ?? 'createdAt';
  if (!descriptor.sortFields.includes(orderBy)) {
    throw badField('orderBy', {
      en: `Cannot order by "${orderBy}". Fields that can be sorted: ${descriptor.sortFields.join(', ')}.`,
      cs: `Nelze řadit podle "${orderBy}". Řadit lze podle polí: ${descriptor.sortFields.join(', ')}.`,
    });
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
  const { rows, totalCount } = await entityRepository.list(call.app.db, tableOf(definition), {
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
  return { data: rows.map((row) => entityOf(definition, call.app.config, row)), totalCount, page, limit };
}

export async function getEntity(
  definition: ResourceDefinition,
  call: CallContext,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<Entity> {
  const scope = readScopeOf(definition, call.viewer);
  // Outside a transaction, and when the scope can be checked in memory, the row may come from the cache.
  if (!isMemoryScope(scope) || !isUuid(id) || call.app.db.isTransaction)
    return entityOf(definition, call.app.config, await readableRow(definition, call, id, options));
  const { db, config } = call.app;
  const computed = definition.computedColumns;
  const found = await call.app.rows.read(tableOf(definition), computed, id, async () => {
    const row = await entityRepository.find(db, tableOf(definition), id, [], {
      computed,
      includeDeleted: true,
    });
    if (!row) return undefined;
    // what the checks below read of the row, and its entity: nothing else of it (a password hash) is kept
    const checked = { id: row.id, projectId: row.projectId, deletedAt: row.deletedAt };
    return { row: checked, entity: entityOf(definition, config, row) };
  });
  if (!found || (found.row.deletedAt && !options.includeDeleted) || !rowInScope(scope, found.row))
    throw notFound(resourceLabel(definition));
  return found.entity;
}

/**
 * Runs a write (its reads, rules and SQL, through the call it is given) in one transaction holding the lock when the
 * definition names a write lock for this data, or when an integration listens to the resource's events (so that an
 * event is stored exactly when its write is). The audit entry needs none: the write's own statement inserts it.
 * Inside a transaction every query must go through the call's db, never another handle (PGlite has one connection).
 * The sender of integration events is woken once the write committed.
 */
async function inWriteTransaction<T>(
  definition: ResourceDefinition,
  call: CallContext,
  data: WriteData | undefined,
  write: (call: CallContext, heard: boolean) => Promise<T>,
): Promise<T> {
  const lock = definition.writeLock?.(data);
  const events = definition.integrationEvents;
  // asked once per call that shares its reads (an import chunk is one write of its rows)
  const heard = events
    ? await sharedRead(call, `listensAnywhere:${events.types.join(',')}`, () =>
        call.app.integrationEvents.listensAnywhere(events.types, call.app.db),
      )
    : false;
  if ((!lock && !heard) || call.app.db.isTransaction) return write(call, heard);
  const result = await call.app.db.transaction().execute(async (trx) => {
    if (lock) await entityRepository.lockUntilCommit(trx, lock);
    return write({ ...call, app: { ...call.app, db: trx } }, heard);
  });
  if (heard) call.app.integrationEvents.wake();
  return result;
}

/**
 * The integration event of a write, in its transaction (the call's db), when the resource names one for it and
 * someone in the row's project listens; its data is the entity as the API answers it. `heard`: whether anything
 * listened to the resource's events when the write began (inWriteTransaction); a write nobody heard then publishes
 * nothing, and asks nothing more.
 */
async function publishWrite(
  definition: ResourceDefinition,
  call: CallContext,
  heard: boolean,
  action: 'create' | 'update' | 'delete',
  row: Row,
  entity: Entity,
  before?: Row,
): Promise<void> {
  const type = definition.integrationEvents?.of(action, row, before);
  if (!heard || !type || typeof row.projectId !== 'string') return;
  await publishIfHeard(call.app.integrationEvents, call.app.db, row.projectId, type, () => entity);
}

/** An entity as the audit trail records it: without the fields read from other rows (derivedFields). */
function trailed(definition: ResourceDefinition, entity: Entity): Entity {
  if (!definition.derivedFields?.length) return entity;
  const own = { ...entity };
  for (const field of definition.derivedFields) delete own[field];
  return own;
}

/**
 * The audit entry of a write, planned from the row it will leave (before, and the values written), so that the
 * write's own statement inserts it (see plannedEntry); undefined when the trail is off.
 */
function planEntry(
  definition: ResourceDefinition,
  call: CallContext,
  action: 'create' | 'update' | 'delete',
  existing: Row | undefined,
  id: string,
  values: WriteData,
) {
  if (!auditTrailOn(call)) return undefined;
  const before = existing && trailed(definition, entityOf(definition, call.app.config, existing));
  const foreseen = foreseenRow(existing, id, values);
  let entity: Entity | undefined;
  try {
    entity = trailed(definition, entityOf(definition, call.app.config, foreseen));
  } catch {
    entity = undefined;
  }
  return { before, entry: plannedEntry(definition, call, action, before, { rowId: id, entity }) };
}

/** The entity of the written row; its audit entry confirmed (corrected where the database did more than foreseen). */
async function confirmedEntity(
  definition: ResourceDefinition,
  call: CallContext,
  planned: ReturnType<typeof planEntry>,
  row: Row,
): Promise<Entity> {
  const entity = entityOf(definition, call.app.config, row);
  if (planned) await confirmEntry(call.app.db, planned.entry, planned.before, trailed(definition, entity));
  return entity;
}

export async function createEntity(
  definition: ResourceDefinition,
  call: CallContext,
  data: WriteData,
): Promise<Entity> {
  const { descriptor } = definition;
  const projectId = await checkCreateRule(definition, call, data);
  if (projectId) await checkReferences(call, descriptor, data, projectId);
  // the resource's own checks and values run under its write lock, when it names one (a unique order prefix)
  const { row, entity } = await inWriteTransaction(definition, call, data, async (locked, heard) => {
    await definition.authorizeCreate?.(locked, data);
    const given = definition.toInsert
      ? await definition.toInsert(locked, data)
      : {
          ...rowValuesOf(descriptor.createSchema, data),
          // a row whose project comes from a reference is of that row's project, whatever the body says
          ...(descriptor.projectFrom && projectId ? { projectId } : {}),
        };
    // The id is chosen here, so that the audit entry written with the row can foresee the entity (its url).
    const values = { ...given, id: typeof given.id === 'string' ? given.id : crypto.randomUUID() };
    const planned = planEntry(definition, locked, 'create', undefined, values.id, values);
    const inserted = await entityRepository.insert(
      locked.app.db,
      tableOf(definition),
      values,
      definition.computedColumns,
      planned?.entry,
    );
    const created = await confirmedEntity(definition, locked, planned, inserted);
    await publishWrite(definition, locked, heard, 'create', inserted, created);
    return { row: inserted, entity: created };
  });
  await definition.afterWrite?.(call, row);
  return definition.afterCreate ? definition.afterCreate(call, row, entity) : entity;
}

/** The declaration's update rule on the row's project, then the resource's own checks (403, 400 when refused). */
export async function authorizeUpdate(
  definition: ResourceDefinition,
  call: CallContext,
  row: Row,
  data: WriteData,
): Promise<void> {
  checkRowRule(definition, call, 'update', row);
  await definition.authorizeUpdate?.(call, row, data);
}

/** PUT replaces the fields sent; PATCH (merge) merges the resource's merge fields into their current values. */
export async function updateEntity(
  definition: ResourceDefinition,
  call: CallContext,
  id: string,
  sent: WriteData,
  options: { merge?: boolean } = {},
): Promise<Entity> {
  const updated = await inWriteTransaction(definition, call, sent, async (locked, heard) => {
    const existing = await readableRow(definition, locked, id);
    const data = options.merge ? mergePatchFields(definition, existing, sent) : sent;
    await authorizeUpdate(definition, locked, existing, data);
    if (definition.descriptor.project === 'projectId')
      await checkReferences(locked, definition.descriptor, data, String(existing.projectId));
    const values = definition.toUpdate
      ? await definition.toUpdate(locked, existing, data)
      : rowValuesOf(definition.descriptor.updateSchema, data);
    const planned = planEntry(definition, locked, 'update', existing, existing.id, values);
    const row = await entityRepository.update(
      locked.app.db,
      tableOf(definition),
      id,
      values,
      definition.computedColumns,
      planned?.entry,
    );
    if (!row) return undefined;
    const entity = await confirmedEntity(definition, locked, planned, row);
    await publishWrite(definition, locked, heard, 'update', row, entity, existing);
    return { row, entity };
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
  const deleted = await inWriteTransaction(definition, call, undefined, async (locked, heard) => {
    const existing = await readableRow(definition, locked, id);
    checkRowRule(definition, locked, 'delete', existing);
    await definition.authorizeDelete?.(locked, existing);
    // deletedAt is the database's time: the foreseen entry names the change, confirmEntry then gives its value
    const planned = planEntry(definition, locked, 'delete', existing, existing.id, { deletedAt: new Date() });
    const row = await entityRepository.softDelete(
      locked.app.db,
      tableOf(definition),
      id,
      definition.computedColumns,
      planned?.entry,
    );
    if (!row) return undefined;
    const entity = await confirmedEntity(definition, locked, planned, row);
    await publishWrite(definition, locked, heard, 'delete', row, entity, existing);
    return { row, entity };
  });
  if (!deleted) throw notFound(resourceLabel(definition));
  await definition.afterWrite?.(call, deleted.row);
  return deleted.entity;
}

/**
 * A write body as its schema (the declaration's create or update schema) judges it: a field sent by another name
 * (fieldAliases) under its own, the entity's read-only fields dropped, so that what a GET answered can be sent back
 * as it is, and its text fields trimmed (domain/trimmedText). Every write of the engine passes here before
 * validation: the routes' bodies and each batch item.
 */
export function writeBodyOf(definition: ResourceDefinition, body: unknown, schema: TObject): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [alias, field] of Object.entries(definition.fieldAliases ?? {})) moveAlias(copy, alias, field);
  for (const field of Object.keys(definition.descriptor.schema.properties))
    if (!(field in schema.properties)) delete copy[field];
  return withTrimmedText([schema], copy);
}

/** The value of `alias` moved to `field`; both sent with different values is a 400 naming the alias. */
function moveAlias(body: Record<string, unknown>, alias: string, field: string): void {
  if (!Object.prototype.hasOwnProperty.call(body, alias)) return;
  const value = body[alias];
  delete body[alias];
  if (!Object.prototype.hasOwnProperty.call(body, field)) {
    body[field] = value;
    return;
  }
  if (!isDeepStrictEqual(body[field], value))
    throw badField(alias, {
      en: `${alias} is another name of ${field}; send one of them, or both with the same value.`,
      cs: `${alias} je jiný název pro ${field}; pošlete jen jedno z nich, nebo obě se stejnou hodnotou.`,
    });
}

export function toFieldErrors(error: unknown): { code: number; message: string[] } {
  if (error instanceof HttpError) {
    const details = (error.errors ?? []).map((field: FieldError) => `${field.path}: ${field.message}`);
    return { code: error.statusCode, message: details.length ? details : [error.message] };
  }
  // as the error handler answers it for a single request (server/kernel/http/errors)
  if (isInputDatabaseError(error)) return { code: 400, message: [INPUT_DATABASE_ERROR_MESSAGE] };
  throw error;
}
