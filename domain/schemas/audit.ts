import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, PageNumber, Uuid } from './common';

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;

/** One write through the resource engine: who, when, which action on which row, and the fields it changed. */
export const AuditEntrySchema = Type.Object({
  id: Uuid(),
  at: DateTime(),
  userId: Nullable(Uuid({ description: 'the user who wrote (an API client acts as its user)' })),
  userName: Type.String(),
  action: Type.Union(AUDIT_ACTIONS.map((action) => Type.Literal(action))),
  resource: Type.String({ description: 'the API name of the resource, e.g. template' }),
  rowId: Uuid(),
  changes: Type.Record(
    Type.String(),
    Type.Object({ before: Type.Optional(Type.Unknown()), after: Type.Optional(Type.Unknown()) }),
    { description: 'the changed fields of the entity, before and after (a create has no before)' },
  ),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

const paging = {
  page: Type.Optional(PageNumber()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
};

export const HistoryQuerySchema = Type.Object(paging, { additionalProperties: false });

export const AuditQuerySchema = Type.Object(
  {
    resource: Type.Optional(Type.String({ maxLength: 100 })),
    rowId: Type.Optional(Uuid()),
    userId: Type.Optional(Uuid()),
    from: Type.Optional(DateTime({ description: 'entries written at or after' })),
    to: Type.Optional(DateTime({ description: 'entries written before' })),
    ...paging,
  },
  { additionalProperties: false },
);

export type AuditQuery = Static<typeof AuditQuerySchema>;

export const AuditListSchema = Type.Object({
  data: Type.Array(AuditEntrySchema),
  totalCount: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type AuditList = Static<typeof AuditListSchema>;
