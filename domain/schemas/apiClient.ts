import { Type, type Static } from '@sinclair/typebox';
import { ADMINS_ONLY, defineResource } from '../resource';
import { EntityFields, Int4, Nullable } from './common';

export const CLIENT_ID_MAX = 100;
export const CLIENT_ID_RULE =
  'A client id has letters, digits and the characters . _ ~ - (at most 100), and starts with a letter or a digit.';

/** A chosen client id reads the same form-encoded or not (HTTP Basic, forms): unreserved URL characters only. */
const CLIENT_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._~-]*$';

export function isValidClientId(value: string): boolean {
  return value.length <= CLIENT_ID_MAX && new RegExp(CLIENT_ID_PATTERN).test(value);
}

const RateLimit = Type.Optional(
  Nullable(
    Int4({
      minimum: 0,
      description: 'API requests a minute for this client (0: none); null or absent: API_RATE_LIMIT',
    }),
  ),
);

/**
 * An integration allowed to use the OAuth2 token endpoint. A confidential client's secret is shown once, at
 * creation; a public client has none and may only use the password grant.
 */
export const ApiClientSchema = Type.Object({
  ...EntityFields,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  clientId: Type.String(),
  active: Type.Boolean(),
  isPublic: Type.Boolean(),
  /** its own API requests per minute, over API_RATE_LIMIT; null: API_RATE_LIMIT */
  rateLimit: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  /** present only in the answer that creates a confidential client */
  clientSecret: Type.Optional(Type.String()),
});
export type ApiClient = Static<typeof ApiClientSchema>;

export const ApiClientCreateSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    active: Type.Optional(Type.Boolean()),
    clientId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: CLIENT_ID_MAX,
        description: `${CLIENT_ID_RULE} Generated when absent.`,
      }),
    ),
    isPublic: Type.Optional(
      Type.Boolean({
        description: 'true: no secret (HTTP Basic with an empty secret); the password grant only',
      }),
    ),
    rateLimit: RateLimit,
  },
  { additionalProperties: false },
);

/** PUT and PATCH: the client id and kind are fixed at creation; sent back unchanged, they are accepted. */
export const ApiClientWriteSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    active: Type.Optional(Type.Boolean()),
    clientId: Type.Optional(Type.String({ maxLength: 1000, description: 'cannot change' })),
    isPublic: Type.Optional(Type.Boolean({ description: 'cannot change' })),
    rateLimit: RateLimit,
  },
  { additionalProperties: false },
);

/** An API client's rights per project (projectId → the rights bitmask of domain/rights.ts), for client_credentials. */
export const ApiClientProjectsSchema = Type.Object({
  projects: Type.Record(Type.String({ format: 'uuid' }), Type.Integer({ minimum: 0 })),
});
export type ApiClientProjects = Static<typeof ApiClientProjectsSchema>;

export const apiClientResource = defineResource({
  name: 'apiClient',
  label: 'API client',
  api: 'core',
  route: 'identity/apiClient',
  createSchema: ApiClientCreateSchema,
  updateSchema: ApiClientWriteSchema,
  project: 'none',
  access: ADMINS_ONLY,
  representation: 'name',
  menu: { group: 'identity', icon: 'Key' },
  schema: ApiClientSchema,
  filter: ['id', 'name', 'clientId', 'active', 'isPublic', 'createdAt', 'updatedAt'],
  sort: ['id', 'name', 'clientId', 'active', 'isPublic', 'createdAt', 'updatedAt'],
  ui: {
    list: { columns: ['name', 'clientId', 'isPublic', 'active', 'createdAt'], filters: ['name', 'clientId'] },
    // the client id and kind are fixed at creation
    tabs: [
      {
        key: 'basic',
        label: 'app.apiClient.basicTab',
        fields: [
          'name',
          { field: 'clientId', readOnly: 'always' },
          { field: 'isPublic', readOnly: 'always' },
          'active',
          { field: 'rateLimit', helper: 'app.apiClient.rateLimitHelp' },
        ],
      },
      {
        key: 'projects',
        label: 'app.apiClient.projectsTab',
        help: 'app.apiClient.projectsHelp',
        widget: 'apiClientProjects',
      },
    ],
    create: [
      'name',
      {
        field: 'clientId',
        helper: 'app.apiClient.clientIdHelp',
        pattern: CLIENT_ID_PATTERN,
        patternMessage: 'app.apiClient.clientIdRule',
      },
      { field: 'isPublic', helper: 'app.apiClient.publicHelp' },
    ],
    createDefaults: { active: true, isPublic: false },
    trim: ['name', 'clientId'],
    afterCreate: 'clientSecret',
  },
});
