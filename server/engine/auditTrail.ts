import type { AuditAction, AuditChanges } from '../db/tables';
import { auditRepository } from '../repositories/auditRepository';
import type { CallContext, Entity, ResourceDefinition } from './resourceDefinition';

/** Fields that every write sets (the entry's own time says when) and so say nothing about it. */
const NOISE_FIELDS = new Set(['id', 'createdAt', 'updatedAt']);
/**
 * The trail records API entities, which never hold secrets; this guard is for an entity that one day would, since
 * a secret once in the trail stays readable by everyone who may read the row.
 */
const SECRET_FIELD = /password|secret|privateKey|hash|token/i;

/** JSON text with object keys sorted, so two equal values always give the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : inner,
  );
}

/** The fields whose value differs between the two entities (before undefined: a create), before and after. */
export function changedFields(before: Entity | undefined, after: Entity): AuditChanges {
  const changes: AuditChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  for (const field of fields) {
    if (NOISE_FIELDS.has(field) || SECRET_FIELD.test(field)) continue;
    const old = before?.[field];
    const now = after[field];
    if (before === undefined && (now === null || now === undefined)) continue;
    if (canonical(old) === canonical(now)) continue;
    changes[field] = {
      ...(before !== undefined && old !== undefined ? { before: old } : {}),
      ...(now !== undefined ? { after: now } : {}),
    };
  }
  return changes;
}

/** Is the trail kept? Only the benchmark turns it off (AUDIT_TRAIL=off), to measure what it costs. */
export const auditTrailOn = (call: CallContext): boolean => call.app.config.auditTrail;

/**
 * Records a write through the engine: who, which action, which row, and the fields it changed. Called with the
 * write's transaction, so the entry and the write are committed together.
 */
export async function recordWrite(
  definition: ResourceDefinition,
  call: CallContext,
  action: AuditAction,
  before: Entity | undefined,
  after: Entity,
): Promise<void> {
  if (!auditTrailOn(call)) return;
  await auditRepository.insert(call.app.db, {
    userId: call.viewer.id,
    userName: call.viewer.name,
    action,
    resource: definition.descriptor.name,
    rowId: String(after.id),
    changes: changedFields(before, after),
  });
}
