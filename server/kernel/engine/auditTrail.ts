import type { ServerConfig } from '../config';
import crypto from 'node:crypto';
import type { Db } from '../db/database';
import type { AuditAction, AuditChanges } from '../db/tables';
import { auditRepository, type AuditEntry } from '../audit/auditRepository';
import type {
  CallContext,
  Entity,
  EntityConfig,
  ResourceDefinition,
  Row,
  WriteData,
} from './resourceDefinition';

/** Fields that every write sets (the entry's own time says when) and so say nothing about it. */
const NOISE_FIELDS = new Set(['id', 'createdAt', 'updatedAt']);
/**
 * Fields whose values never enter the trail, since a secret once in the trail stays readable by everyone who may
 * read the row. API entities hold none; a write outside the engine may name one (a password change): the trail
 * then says that the field changed, without any value.
 */
const SECRET_FIELD = /password|secret|privateKey|hash|token/i;

/** Are two JSON values equal, whatever the order of their objects' keys? */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameValue(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => sameValue(left[key], right[key]));
}

/** The fields whose value differs between the two entities (before undefined: a create), before and after. */
export function changedFields(before: Entity | undefined, after: Entity): AuditChanges {
  const changes: AuditChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  for (const field of fields) {
    if (NOISE_FIELDS.has(field)) continue;
    const old = before?.[field];
    const now = after[field];
    if (before === undefined && (now === null || now === undefined)) continue;
    if (sameValue(old, now)) continue;
    if (SECRET_FIELD.test(field)) {
      changes[field] = {};
      continue;
    }
    changes[field] = {
      ...(before !== undefined && old !== undefined ? { before: old } : {}),
      ...(now !== undefined ? { after: now } : {}),
    };
  }
  return changes;
}

/** Is the trail kept? Only the benchmark turns it off (AUDIT_TRAIL=off), to measure what it costs. */
export const auditTrailOn = (call: Pick<CallContext, 'app'>): boolean => call.app.config.auditTrail;

/** Who a write is recorded under: a user, or a part of the server acting for nobody (userId null). */
export interface AuditActor {
  id: string | null;
  name: string;
}

/**
 * The actor of writes that no user makes: the public checkout, the payment gateway's answers, the payment timeout.
 *
 * @example systemActor('checkout') // { id: null, name: 'checkout' }
 */
export const systemActor = (name: string): AuditActor => ({ id: null, name });

/** An entry the write's own statement inserts (entityRepository), its id known to correct it afterwards. */
export type PlannedEntry = AuditEntry & { id: string };

/** A value as the row will hold it: JSON text written to a jsonb column is read back as its value. */
function valueAsRead(value: unknown): unknown {
  if (typeof value !== 'string' || !/^[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * The row a write will leave, foreseen from the row before (none for a create) and the values written. Values the
 * database computes (`now()`) and defaults are not foreseen: `confirmEntry` finds the difference they make.
 */
export function foreseenRow(before: Row | undefined, id: string, values: WriteData): Row {
  const row: Row = { ...before, id };
  for (const [column, value] of Object.entries(values)) {
    const computedBySql = typeof value === 'object' && value !== null && 'isRawBuilder' in value;
    if (!computedBySql) row[column] = valueAsRead(value);
  }
  return row;
}

/**
 * The entry of a write through the engine, with the changes foreseen from the entity the write will leave, so that
 * the write's own statement inserts it (one round trip, one commit, atomic on PGlite too); undefined when the trail
 * is off. No foreseen entity (its mapping needs a column the write leaves to its default): confirmEntry writes the
 * changes.
 */
export function plannedEntry(
  definition: ResourceDefinition,
  call: CallContext,
  action: AuditAction,
  before: Entity | undefined,
  foreseen: { rowId: string; entity: Entity | undefined },
): PlannedEntry | undefined {
  if (!auditTrailOn(call)) return undefined;
  return {
    id: crypto.randomUUID(),
    userId: call.viewer.id,
    userName: call.viewer.name,
    action,
    resource: definition.descriptor.name,
    rowId: foreseen.rowId,
    changes: foreseen.entity ? changedFields(before, foreseen.entity) : {},
  };
}

/**
 * After the write: when the entity it answers differs from the foreseen one (a default, a value the database
 * computed such as a delete's time, a concurrent change), the entry gets the exact changes, before the write is
 * answered. That correction is a statement of its own: a process that stops between the two leaves the entry (who,
 * when, which row, which action) with the foreseen changes. Pass writes, the hot path, are foreseen exactly.
 */
export async function confirmEntry(
  db: Db,
  entry: PlannedEntry | undefined,
  before: Entity | undefined,
  after: Entity,
): Promise<void> {
  if (!entry) return;
  const changes = changedFields(before, after);
  if (!sameValue(changes, entry.changes)) await auditRepository.setChanges(db, entry.id, changes);
}

/** A write of one row made outside the engine, as the trail records it. */
export interface RowChange {
  /** the API name of the resource, e.g. order */
  resource: string;
  action: AuditAction;
  /** the entity before the write; none for a create */
  before?: Entity;
  after: Entity;
}

/** Where and whether entries are written: the write's transaction, and the app's switch. */
export interface TrailContext {
  db: Db;
  config: EntityConfig & Pick<ServerConfig, 'auditTrail'>;
}

/**
 * Records writes made outside the engine (an upload, an order's progress, a project's members), in one statement.
 * Called with the writes' transaction, so the entries and the writes are committed together. An update that changed
 * no field of the entity leaves no entry.
 *
 * @example await recordChanges({ db: trx, config }, viewer, [{ resource: 'image', action: 'create', after: image }])
 */
export async function recordChanges(
  context: TrailContext,
  actor: AuditActor,
  changes: RowChange[],
): Promise<void> {
  await auditRepository.insertMany(context.db, changeEntries(context, actor, changes));
}

/**
 * The entries recordChanges writes, for a write that inserts them in its own statement: none while the trail is off,
 * none for an update that changed no field of the entity.
 *
 * @example await repository.writeWithEntries(trx, values, changeEntries(trail, CHECKOUT, changes))
 */
export function changeEntries(
  context: Pick<TrailContext, 'config'>,
  actor: AuditActor,
  changes: RowChange[],
): AuditEntry[] {
  if (!context.config.auditTrail) return [];
  return changes
    .map((change) => changeEntry(actor, change))
    .filter((entry) => entry.action !== 'update' || Object.keys(entry.changes).length > 0);
}

/** The entry of a write made outside the engine, with its id (to confirm it after a planned write). */
export function changeEntry(actor: AuditActor, change: RowChange): PlannedEntry {
  return {
    id: crypto.randomUUID(),
    userId: actor.id,
    userName: actor.name,
    action: change.action,
    resource: change.resource,
    rowId: String(change.after.id),
    changes: changedFields(change.before, change.after),
  };
}

/** recordChanges for one write. @example await recordChange({ db: trx, config }, viewer, change) */
export const recordChange = (context: TrailContext, actor: AuditActor, change: RowChange): Promise<void> =>
  recordChanges(context, actor, [change]);
