import crypto from 'node:crypto';
import {
  ApiClientCreateSchema,
  ApiClientWriteSchema,
  CLIENT_ID_RULE,
  apiClientResource,
  isValidClientId,
} from '../../domain/schemas/apiClient';
import { sha256 } from '../auth/secrets';
import { badRequest, conflict, forbidden } from '../http/errors';
import type { ResourceDefinition, Row, WriteData } from '../engine/resourceDefinition';
import { entityBase, pick } from '../engine/rowValues';
import { apiClientRepository } from '../repositories/apiClientRepository';

const adminOnly = (isAdmin: boolean) => {
  if (!isAdmin) throw forbidden('Only an administrator can manage API clients.');
};

/** Secrets between their generation and the answer that shows them once, by hash; kept only as a hash after that. */
const secretsToShow = new Map<string, string>();

function fixedAtCreation(row: Row, data: WriteData, field: 'clientId' | 'isPublic', message: string) {
  if (data[field] !== undefined && data[field] !== row[field])
    throw badRequest(message, [{ path: field, message }]);
}

/** OAuth2 clients of integrations: confidential (a generated secret) or public (none). Admin only. */
export const apiClientDefinition: ResourceDefinition = {
  descriptor: apiClientResource,
  table: 'apiClient',
  createSchema: ApiClientCreateSchema,
  replaceSchema: ApiClientWriteSchema,
  canList: (viewer) => viewer.isAdmin,
  readScope: (viewer) => (viewer.isAdmin ? 'all' : 'none'),
  authorizeCreate: async (call, data) => {
    adminOnly(call.viewer.isAdmin);
    if (typeof data.clientId !== 'string') return;
    if (!isValidClientId(data.clientId))
      throw badRequest(CLIENT_ID_RULE, [{ path: 'clientId', message: CLIENT_ID_RULE }]);
    if (await apiClientRepository.findLiveByClientId(call.app.db, data.clientId))
      throw conflict('An API client with this client id exists already.');
  },
  authorizeUpdate: (call, row, data) => {
    adminOnly(call.viewer.isAdmin);
    fixedAtCreation(row, data, 'clientId', 'The client id cannot change: create another client.');
    fixedAtCreation(
      row,
      data,
      'isPublic',
      'A client cannot become public or confidential: create another client.',
    );
  },
  authorizeDelete: (call) => adminOnly(call.viewer.isAdmin),
  toInsert: (_call, data: WriteData) => {
    const clientId =
      typeof data.clientId === 'string'
        ? data.clientId
        : `client-${crypto.randomBytes(9).toString('base64url')}`;
    const base = { ...pick(data, ['name', 'active']), clientId };
    if (data.isPublic === true) return { ...base, isPublic: true, secretHash: null };
    const secret = crypto.randomBytes(32).toString('base64url');
    const secretHash = sha256(secret);
    secretsToShow.set(secretHash, secret);
    return { ...base, isPublic: false, secretHash };
  },
  afterCreate: (_call, row, entity) => {
    if (typeof row.secretHash !== 'string') return entity;
    const clientSecret = secretsToShow.get(row.secretHash);
    secretsToShow.delete(row.secretHash);
    return { ...entity, clientSecret };
  },
  toUpdate: (_call, _row, data: WriteData) => pick(data, ['name', 'active']),
  toEntities: (_call, rows: Row[]) =>
    rows.map((row) => ({
      ...entityBase(row),
      name: row.name,
      clientId: row.clientId,
      active: row.active,
      isPublic: row.isPublic,
    })),
};
