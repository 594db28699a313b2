import crypto from 'node:crypto';
import { CLIENT_ID_RULE, apiClientResource, isValidClientId } from '../../../domain/schemas/apiClient';
import { sha256 } from '../../kernel/auth/secrets';
import { badField, conflict, type Localized } from '../../kernel/http/errors';
import type { ResourceDefinition, Row, WriteData } from '../../kernel/engine/resourceDefinition';
import { pick } from '../../kernel/engine/rowValues';
import { apiClientRepository } from './apiClientRepository';

/** Secrets between their generation and the answer that shows them once, by hash; kept only as a hash after that. */
const secretsToShow = new Map<string, string>();

function fixedAtCreation(row: Row, data: WriteData, field: 'clientId' | 'isPublic', message: Localized) {
  if (data[field] !== undefined && data[field] !== row[field]) throw badField(field, message);
}

/** OAuth2 clients of integrations: confidential (a generated secret) or public (none). Admin only. */
export const apiClientDefinition: ResourceDefinition = {
  descriptor: apiClientResource,
  authorizeCreate: async (call, data) => {
    if (typeof data.clientId !== 'string') return;
    if (!isValidClientId(data.clientId))
      throw badField('clientId', {
        en: CLIENT_ID_RULE,
        cs: 'Id klienta obsahuje písmena, číslice a znaky . _ ~ - (nejvýše 100) a začíná písmenem nebo číslicí.',
      });
    if (await apiClientRepository.findLiveByClientId(call.app.db, data.clientId))
      throw conflict({
        en: 'An API client with this client id exists already.',
        cs: 'API klient s tímto id klienta už existuje.',
      });
  },
  authorizeUpdate: (_call, row, data) => {
    fixedAtCreation(row, data, 'clientId', {
      en: 'The client id cannot change: create another client.',
      cs: 'Id klienta nelze změnit: vytvořte jiného klienta.',
    });
    fixedAtCreation(row, data, 'isPublic', {
      en: 'A client cannot become public or confidential: create another client.',
      cs: 'Klient se nemůže stát veřejným ani důvěrným: vytvořte jiného klienta.',
    });
  },
  toInsert: (_call, data: WriteData) => {
    const clientId =
      typeof data.clientId === 'string'
        ? data.clientId
        : `client-${crypto.randomBytes(9).toString('base64url')}`;
    const base = { ...pick(data, ['name', 'active', 'rateLimit']), clientId };
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
