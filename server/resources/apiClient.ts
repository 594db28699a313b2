import crypto from 'node:crypto';
import { ApiClientWriteSchema, apiClientResource } from '../../domain/schemas/apiClient';
import { sha256 } from '../auth/secrets';
import { forbidden } from '../http/errors';
import type { ResourceDefinition, Row, WriteData } from '../engine/resourceDefinition';
import { entityBase, pick } from '../engine/rowValues';

const adminOnly = (isAdmin: boolean) => {
  if (!isAdmin) throw forbidden('Only an administrator can manage API clients.');
};

/** Secrets between their generation and the answer that shows them once; kept only as a hash after that. */
const secretsToShow = new Map<string, string>();

/** OAuth2 clients of integrations. Admin only. */
export const apiClientDefinition: ResourceDefinition = {
  descriptor: apiClientResource,
  table: 'apiClient',
  createSchema: ApiClientWriteSchema,
  replaceSchema: ApiClientWriteSchema,
  canList: (viewer) => viewer.isAdmin,
  readScope: (viewer) => (viewer.isAdmin ? 'all' : 'none'),
  authorizeCreate: (call) => adminOnly(call.viewer.isAdmin),
  authorizeUpdate: (call) => adminOnly(call.viewer.isAdmin),
  authorizeDelete: (call) => adminOnly(call.viewer.isAdmin),
  toInsert: (_call, data: WriteData) => {
    const secret = crypto.randomBytes(32).toString('base64url');
    const clientId = `client-${crypto.randomBytes(9).toString('base64url')}`;
    secretsToShow.set(clientId, secret);
    return { ...pick(data, ['name', 'active']), clientId, secretHash: sha256(secret) };
  },
  afterCreate: (_call, row, entity) => {
    const clientSecret = secretsToShow.get(String(row.clientId));
    secretsToShow.delete(String(row.clientId));
    return { ...entity, clientSecret };
  },
  toUpdate: (_call, _row, data: WriteData) => pick(data, ['name', 'active']),
  toEntities: (_call, rows: Row[]) =>
    rows.map((row) => ({ ...entityBase(row), name: row.name, clientId: row.clientId, active: row.active })),
};
