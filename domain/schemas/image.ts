import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { IMAGE_TYPES, type ImageType } from '../template/limits';
import { EntityFields, Uuid } from './common';

/** logo, icon, footer, strip, thumbnail or background: a JSON Schema enum, so that it filters as a text. */
export const ImageTypeSchema = Type.Unsafe<ImageType>({ type: 'string', enum: [...IMAGE_TYPES] });

const ImageName = Type.String({ minLength: 1, maxLength: 200 });

/** A PNG of a project, for one place on a pass; served publicly at its url. */
export const ImageSchema = Type.Object({
  ...EntityFields,
  name: Type.String(),
  projectId: Uuid(),
  type: ImageTypeSchema,
  /** public address of the file: {passBase}/image/{id} */
  url: Type.String(),
  mimeType: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** bytes */
  fileSize: Type.Integer(),
});
export type Image = Static<typeof ImageSchema>;

/** PUT and PATCH: only the name changes; the file, type and project stay. */
export const ImageWriteSchema = Type.Object({ name: ImageName }, { additionalProperties: false });
export type ImageWrite = Static<typeof ImageWriteSchema>;

/** The text fields of the multipart upload (POST /v1/image), sent with one `file` field. */
export const ImageUploadFieldsSchema = Type.Object(
  { projectId: Uuid(), type: ImageTypeSchema, name: Type.Optional(ImageName) },
  { additionalProperties: false },
);
export type ImageUploadFields = Static<typeof ImageUploadFieldsSchema>;

export const imageResource = defineResource({
  name: 'image',
  api: 'core',
  route: 'passes/image',
  createSchema: ImageUploadFieldsSchema,
  updateSchema: ImageWriteSchema,
  project: 'projectId',
  access: {
    // spec section 6: images menu for IMAGE_MANAGE or any template right; managing needs IMAGE_MANAGE
    read: {
      anyOf: ['IMAGE_MANAGE', 'TEMPLATE_CREATE', 'TEMPLATE_READ', 'TEMPLATE_UPDATE', 'TEMPLATE_DELETE'],
    },
    create: { anyOf: ['IMAGE_MANAGE'] },
    update: { anyOf: ['IMAGE_MANAGE'] },
    delete: { anyOf: ['IMAGE_MANAGE'] },
  },
  representation: 'name',
  menu: { group: 'passes', icon: 'Image' },
  schema: ImageSchema,
  filter: ['id', 'name', 'projectId', 'type', 'createdAt', 'updatedAt'],
  sort: ['id', 'name', 'projectId', 'type', 'fileSize', 'createdAt', 'updatedAt'],
  ui: {
    list: {
      columns: [
        { field: 'projectId', kind: 'project' },
        'name',
        { field: 'type', kind: 'text', labels: 'resources.passes/image.values.type' },
        { field: 'fileSize', widget: 'fileSize' },
        { field: 'width', widget: 'dimension', label: 'resources.passes/image.fields.dimension' },
        'updatedAt',
      ],
      filters: ['projectId', 'type', 'name'],
      // the image's page is everyone's; Edit on a row is for administrators
      rowEdit: 'admin',
    },
    rowActions: ['rawView', 'openPublic'],
    // id and project read-only, the name editable, what the file is and a preview
    page: [
      'id',
      'projectId',
      'name',
      { field: 'type', widget: 'imageFacts', label: 'resources.passes/image.fields.size' },
      { field: 'url', widget: 'imagePreview', label: false },
    ],
    // the upload dialog over the list
    createDialog: { widget: 'imageUpload' },
  },
});
