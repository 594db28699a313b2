import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { GoogleWalletOptions } from '../template/googleWalletOptions';
import { IMAGE_TYPES } from '../template/limits';
import { EntityFields, JsonObject, Nullable, Uuid } from './common';

const LanguageCode = Type.String({ pattern: '^[a-z]{2}$' });

/** An image id, or an image id per language (a translated image). */
export const TemplateImage = Type.Union([Uuid(), Type.Record(LanguageCode, Uuid(), { minProperties: 1 })]);
const OptionalImage = Type.Optional(TemplateImage);
export const TemplateImages = Type.Object(
  Object.fromEntries(IMAGE_TYPES.map((type) => [type, OptionalImage])) as Record<
    (typeof IMAGE_TYPES)[number],
    typeof OptionalImage
  >,
  { additionalProperties: false },
);

export const TemplateSchema = Type.Object({
  ...EntityFields,
  name: Type.String(),
  projectId: Uuid(),
  certificateId: Nullable(Uuid()),
  /** the pass.json with placeholders; its rules live in domain/template */
  jsonTemplate: JsonObject,
  dynamicDataJsonSchema: JsonObject,
  jsonSchema: Type.Object(
    {},
    {
      additionalProperties: true,
      description: "dynamicDataJsonSchema again, by the name of Yourpass's templates",
    },
  ),
  languages: Type.Array(LanguageCode),
  images: TemplateImages,
  /** strings of the template per language, for texts that are keys rather than values */
  translations: Type.Record(LanguageCode, Type.Record(Type.String(), Type.String())),
  distributable: Type.Boolean(),
  /** does the template pass today's validation? computed, read-only */
  valid: Type.Boolean(),
  saveToGooglePayObjectTemplate: Nullable(JsonObject),
  /** Google Wallet settings: rotating barcodes (null: none) */
  googleWallet: Type.Optional(Nullable(GoogleWalletOptions)),
  /** links in the passes' fields go through the distribution's redirect, which counts the clicks (always sent) */
  trackLinks: Type.Optional(Type.Boolean()),
});
export type Template = Static<typeof TemplateSchema>;

export const TemplateWriteSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    projectId: Uuid(),
    certificateId: Type.Optional(Nullable(Uuid())),
    jsonTemplate: JsonObject,
    dynamicDataJsonSchema: Type.Optional(JsonObject),
    jsonSchema: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description: "dynamicDataJsonSchema by Yourpass's name; sent with it, the two must be the same",
        },
      ),
    ),
    languages: Type.Array(LanguageCode, { minItems: 1, uniqueItems: true }),
    images: Type.Optional(TemplateImages),
    translations: Type.Optional(Type.Record(LanguageCode, Type.Record(Type.String(), Type.String()))),
    distributable: Type.Optional(Type.Boolean()),
    saveToGooglePayObjectTemplate: Type.Optional(Nullable(JsonObject)),
    googleWallet: Type.Optional(Nullable(GoogleWalletOptions)),
    /** default false */
    trackLinks: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TemplateWrite = Static<typeof TemplateWriteSchema>;

export const templateResource = defineResource({
  name: 'template',
  api: 'core',
  route: 'passes/template',
  createSchema: TemplateWriteSchema,
  updateSchema: TemplateWriteSchema,
  project: 'projectId',
  access: {
    read: { anyOf: ['TEMPLATE_READ'] },
    create: { anyOf: ['TEMPLATE_CREATE'] },
    update: { anyOf: ['TEMPLATE_UPDATE'] },
    delete: { anyOf: ['TEMPLATE_DELETE'] },
  },
  representation: 'name',
  menu: { group: 'passes', icon: 'Description' },
  schema: TemplateSchema,
  filter: ['id', 'name', 'projectId', 'certificateId', 'distributable', 'createdAt', 'updatedAt'],
  sort: ['id', 'name', 'projectId', 'certificateId', 'createdAt', 'updatedAt'],
  ui: {
    list: {
      columns: [
        'name',
        { field: 'projectId', kind: 'project' },
        // by name for admins, who alone may read certificates
        {
          field: 'certificateId',
          kind: 'reference',
          reference: 'passes/certificate',
          label: 'resources.passes/template.fields.certificateName',
        },
        { field: 'valid', widget: 'validity', adminOnly: true, toggle: 'app.template.showValidity' },
      ],
      filters: ['name', 'projectId'],
      rowEdit: 'update',
    },
  },
});
