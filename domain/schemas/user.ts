import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { PASSWORD_MAX, PASSWORD_MIN } from '../password';
import { EntityFields } from './common';

const Email = Type.String({ format: 'email', maxLength: 254 });
const DisplayName = Type.String({ maxLength: 200 });

export const UserSchema = Type.Object({
  ...EntityFields,
  displayName: DisplayName,
  email: Email,
  isAdmin: Type.Boolean(),
  active: Type.Boolean(),
});
export type User = Static<typeof UserSchema>;

export const UserCreateSchema = Type.Object(
  {
    displayName: Type.Optional(DisplayName),
    email: Email,
    isAdmin: Type.Optional(Type.Boolean()),
    active: Type.Optional(Type.Boolean()),
    /** Initial password, write-only: the user changes it after signing in. */
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, writeOnly: true }),
  },
  { additionalProperties: false },
);

export const UserUpdateSchema = Type.Object(
  {
    displayName: Type.Optional(DisplayName),
    email: Type.Optional(Email),
    isAdmin: Type.Optional(Type.Boolean()),
    active: Type.Optional(Type.Boolean()),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX, writeOnly: true })),
  },
  { additionalProperties: false },
);

/** The signed-in user as the console sees it: who they are and their rights per project. */
export const ViewerSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  displayName: Type.String(),
  name: Type.String(),
  isAdmin: Type.Boolean(),
  projects: Type.Record(Type.String({ format: 'uuid' }), Type.Integer({ minimum: 0 })),
  /** true when an API client acts (the client_credentials grant): `id` is the client's */
  apiClient: Type.Optional(Type.Boolean()),
  /** an API client's own API requests per minute, when it has one (else API_RATE_LIMIT) */
  rateLimit: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type Viewer = Static<typeof ViewerSchema>;

export const ChangePasswordSchema = Type.Object(
  {
    currentPassword: Type.String({ maxLength: PASSWORD_MAX }),
    newPassword: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const userResource = defineResource({
  name: 'user',
  api: 'core',
  route: 'identity/user',
  createSchema: UserCreateSchema,
  updateSchema: UserUpdateSchema,
  project: 'none',
  access: {
    // holders of USER_UPDATE reach the members of their projects (and themselves)
    read: { anyOf: ['USER_UPDATE'] },
    create: { admin: true },
    update: { anyOf: ['USER_UPDATE'] },
    delete: { admin: true },
  },
  representation: 'displayName',
  menu: { group: 'identity', icon: 'People' },
  schema: UserSchema,
  filter: ['id', 'displayName', 'email', 'isAdmin', 'active', 'createdAt', 'updatedAt'],
  sort: ['id', 'displayName', 'email', 'isAdmin', 'active', 'createdAt', 'updatedAt'],
  ui: {
    list: {
      columns: ['displayName', { field: 'email', kind: 'email' }, 'isAdmin', 'createdAt'],
      filters: ['displayName', 'email'],
    },
    // spec section 7: the admin flag is set on creating a user and read-only on the detail; active for admins
    page: [
      'id',
      'displayName',
      { field: 'email', input: 'email' },
      { field: 'isAdmin', readOnly: 'always' },
      { field: 'active', readOnly: 'unlessAdmin' },
    ],
    create: [
      'displayName',
      { field: 'email', input: 'email' },
      { field: 'password', input: 'password', minLength: PASSWORD_MIN },
      'isAdmin',
    ],
    trim: ['displayName', 'email'],
    representationElse: 'email',
  },
});
