import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { EntityFields, Int4, Nullable, Uuid } from './common';

export const ProjectSchema = Type.Object({
  ...EntityFields,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Nullable(Type.String({ maxLength: 2000 })),
  active: Type.Boolean(),
  parentId: Nullable(Uuid()),
  /** userId -> rights bitmask of the project's members. */
  users: Type.Record(Type.String({ format: 'uuid' }), Type.Integer({ minimum: 0 })),
});
export type Project = Static<typeof ProjectSchema>;

export const ProjectWriteSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    active: Type.Optional(Type.Boolean()),
    parentId: Type.Optional(Nullable(Uuid())),
  },
  { additionalProperties: false },
);
export type ProjectWrite = Static<typeof ProjectWriteSchema>;

export const ProjectRightsBodySchema = Type.Object(
  { accessRights: Nullable(Int4({ minimum: 0 })) },
  { additionalProperties: false },
);
export const ProjectRightsAnswerSchema = Type.Object({ accessRights: Nullable(Type.Integer()) });

export const projectResource = defineResource({
  name: 'project',
  api: 'core',
  route: 'identity/project',
  createSchema: ProjectWriteSchema,
  updateSchema: ProjectWriteSchema,
  project: 'id',
  access: {
    // every member reads the project (pickers, names); the Projects screen is for those who manage projects
    read: { member: true },
    screen: { anyOf: ['PROJECT_CREATE', 'PROJECT_UPDATE', 'USER_UPDATE'] },
    // on the parent project; a top-level project is for administrators
    create: { anyOf: ['PROJECT_CREATE'] },
    update: { anyOf: ['PROJECT_UPDATE'] },
    delete: { admin: true },
  },
  representation: 'name',
  menu: { group: 'identity', icon: 'AccountTree' },
  schema: ProjectSchema,
  filter: ['id', 'name', 'description', 'active', 'parentId', 'createdAt', 'updatedAt'],
  sort: ['id', 'name', 'active', 'parentId', 'createdAt', 'updatedAt'],
  ui: {
    list: {
      columns: ['name', { field: 'parentId', kind: 'reference' }, 'active'],
      filters: [{ field: 'name', kind: 'search' }],
      bulkActions: ['projectActive'],
    },
    page: [
      'name',
      { field: 'description', input: 'multiline' },
      'active',
      { field: 'parentId', widget: 'projectParent' },
    ],
    create: ['name', { field: 'parentId', widget: 'projectParent' }],
    createDialog: { title: 'app.project.newTitle' },
    checks: 'projectParent',
    afterCreate: 'projectCreated',
    afterSave: 'projectRegister',
    below: ['projectRights'],
  },
});
