import { Type, type Static } from '@sinclair/typebox';
import { defineResource } from '../resource';
import { DateTime, EntityFields, JsonObject, Nullable, Uuid } from './common';
import { TemplateImages } from './template';

/** A pass issued from a template: the template's pass.json filled with the pass's dynamic data and images. */
export const PassSchema = Type.Object({
  ...EntityFields,
  /** public address: {passBase}/{id} */
  url: Type.String(),
  /** always the template's project; never written by clients */
  projectId: Uuid(),
  templateId: Uuid(),
  /** the template's name, read with the pass (read-only) */
  templateName: Type.String(),
  /** values of the template's placeholders, valid against its dynamicDataJsonSchema */
  dynamicData: Nullable(JsonObject),
  /** image type -> image id, or -> {language: image id}; replaces the template's image of that type */
  dynamicImages: TemplateImages,
  voided: Type.Boolean(),
  expirationDate: Nullable(DateTime()),
  /** devices where the pass is registered now (written by the wallet services): total = ios + android */
  devices: Type.Object({
    total: Type.Integer({ minimum: 0 }),
    /** Apple Wallet devices (registrations of Apple's web service) */
    ios: Type.Integer({ minimum: 0 }),
    /** Google Wallets holding the pass's object (Google's save callbacks, ended by its delete callbacks) */
    android: Type.Integer({ minimum: 0 }),
  }),
  downloads: Type.Integer({ minimum: 0 }),
  firstRegisterAt: Nullable(DateTime()),
  lastRegisterAt: Nullable(DateTime()),
  firstUnregisterAt: Nullable(DateTime()),
  lastUnregisterAt: Nullable(DateTime()),
});
export type Pass = Static<typeof PassSchema>;

export const PassWriteSchema = Type.Object(
  {
    templateId: Uuid(),
    dynamicData: Type.Optional(Nullable(JsonObject)),
    dynamicImages: Type.Optional(TemplateImages),
    voided: Type.Optional(Type.Boolean()),
    expirationDate: Type.Optional(Nullable(DateTime())),
  },
  { additionalProperties: false },
);
export type PassWrite = Static<typeof PassWriteSchema>;

export const passResource = defineResource({
  name: 'pass',
  api: 'core',
  route: 'passes/pass',
  createSchema: PassWriteSchema,
  updateSchema: PassWriteSchema,
  project: 'projectId',
  access: {
    read: { anyOf: ['PASS_READ'] },
    // on the project of the pass's template
    create: { anyOf: ['PASS_CREATE'] },
    update: { anyOf: ['PASS_UPDATE'] },
    delete: { anyOf: ['PASS_DELETE'] },
  },
  representation: 'id',
  menu: { group: 'passes', icon: 'ConfirmationNumber' },
  schema: PassSchema,
  filter: [
    'id',
    'projectId',
    'templateId',
    'dynamicData',
    'voided',
    'expirationDate',
    'devices.total',
    'devices.ios',
    'devices.android',
    'downloads',
    'createdAt',
    'updatedAt',
  ],
  sort: [
    'id',
    'projectId',
    'templateId',
    'voided',
    'expirationDate',
    'devices.total',
    'devices.ios',
    'devices.android',
    'downloads',
    'createdAt',
    'updatedAt',
  ],
  ui: {
    list: {
      // the server names the template with the pass, also for a viewer who may not read templates
      columns: [
        { field: 'projectId', kind: 'project' },
        { field: 'templateName', label: 'resources.passes/pass.fields.templateId' },
        { field: 'dynamicData', widget: 'passData' },
        { field: 'devices.total', kind: 'number', label: 'resources.passes/pass.fields.devices' },
        'voided',
        'createdAt',
        'updatedAt',
      ],
      // spec section 2; devices: in a wallet or not, downloads: some or none
      filters: [
        'projectId',
        { field: 'templateId', widget: 'passTemplate' },
        'id',
        { field: 'dynamicData', kind: 'search' },
        'createdAt',
        { field: 'devices', kind: 'choice', choices: ['some', 'none'], labels: 'app.pass.devices' },
        { field: 'downloads', kind: 'choice', choices: ['some', 'none'], labels: 'app.pass.downloads' },
      ],
      export: 'passExport',
      rowEdit: 'update',
    },
    // spec section 4: General, Dynamic data, Dynamic images (with a pass.json), JSON (admins), Save to Google Pay
    tabs: [
      {
        key: 'general',
        label: 'app.pass.tab.general',
        fields: [
          { field: 'templateId', widget: 'passTemplateInput' },
          'expirationDate',
          { field: 'voided', widget: 'passVoided' },
        ],
      },
      { key: 'dynamicData', label: 'app.pass.tab.dynamicData', widget: 'passDynamicData' },
      { key: 'dynamicImages', label: 'app.pass.tab.dynamicImages', widget: 'passDynamicImages' },
      { key: 'json', label: 'app.pass.tab.json', json: true },
      { key: 'googlePay', label: 'app.pass.tab.googlePay', widget: 'passGooglePay' },
    ],
    tabState: 'passTemplate',
    // a new pass: a template, then its dynamic data
    create: [
      { field: 'templateId', widget: 'passTemplateInput' },
      { field: 'dynamicData', widget: 'passDynamicData' },
    ],
    createDefaults: { templateId: null, dynamicData: null },
    actions: ['passLinks'],
    rowActions: [],
    below: ['passWalletCheck', 'passPushResults'],
    readFailurePage: true,
  },
});
