import crypto from 'node:crypto';
import { CLIENT_ID_RULE, apiClientResource, isValidClientId } from '../../domain/schemas/apiClient';
import { sha256 } from '../auth/secrets';
import { badRequest, conflict } from '../http/errors';
import type { ResourceDefinition, Row, WriteData } from '../engine/resourceDefinition';
import { pick } from '../engine/rowValues';
import { apiClientRepository } from '../repositories/apiClientRepository';

/** Secrets between their generation and the answer that shows them once, by hash; kept only as a hash after that. */
const secretsToShow = new Map<string, string>();

function fixedAtCreation(row: Row, data: WriteData, field: 'clientId' | 'isPublic', message: string) {
  if (data[field] !== undefined && data[field] !== row[field])
    throw badRequest(message, [{ path: field, message }]);
}

/** OAuth2 clients of integrations: confidential (a generated secret) or public (none). Admin only. */
export const apiClientDefinition: ResourceDefinition = {
  descriptor: apiClientResource,
  authorizeCreate: async (call, data) => {
    if (typeof data.clientId !== 'string') return;
    if (!isValidClientId(data.clientId))
      throw badRequest(CLIENT_ID_RULE, [{ path: 'clientId', message: CLIENT_ID_RULE }]);
    if (await apiClientRepository.findLiveByClientId(call.app.db, data.clientId))
      throw conflict('An API client with this client id exists already.');
  },
  authorizeUpdate: (_call, row, data) => {
    fixedAtCreation(row, data, 'clientId', 'The client id cannot change: create another client.');
    fixedAtCreation(
      row,
      data,
      'isPublic',
      'A client cannot become public or confidential: create another client.',
    );
  },
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
};
