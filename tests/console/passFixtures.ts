import type { Pass } from '../../domain/schemas/pass';
import type { Template } from '../../domain/schemas/template';
import { defaultDynamicDataJsonSchema, defaultJsonTemplate } from '../../domain/template/defaults';
import { P1 } from './harness';

export const T1 = '33333333-3333-4333-8333-333333333333';
export const T2 = '44444444-4444-4444-8444-444444444444';
export const PASS1 = '55555555-5555-4555-8555-555555555555';

const STAMP = '2026-01-01T00:00:00.000Z';

export const aTemplate = (overrides: Partial<Template> = {}): Template => ({
  id: T1,
  name: 'Coffee card',
  projectId: P1,
  certificateId: null,
  jsonTemplate: defaultJsonTemplate(),
  dynamicDataJsonSchema: defaultDynamicDataJsonSchema(),
  // as the API answers it: the dynamic data schema again, by Yourpass's name
  jsonSchema: overrides.dynamicDataJsonSchema ?? defaultDynamicDataJsonSchema(),
  languages: ['en'],
  images: {},
  translations: {},
  distributable: false,
  valid: true,
  saveToGooglePayObjectTemplate: null,
  createdAt: STAMP,
  updatedAt: STAMP,
  deletedAt: null,
  ...overrides,
});

export const aPass = (overrides: Partial<Pass> = {}): Pass => ({
  id: PASS1,
  url: `/p/${PASS1}`,
  projectId: P1,
  templateId: T1,
  templateName: 'Coffee card',
  dynamicData: null,
  dynamicImages: {},
  voided: false,
  expirationDate: null,
  devices: { total: 0, ios: 0, android: 0 },
  downloads: 0,
  firstRegisterAt: null,
  lastRegisterAt: null,
  firstUnregisterAt: null,
  lastUnregisterAt: null,
  createdAt: STAMP,
  updatedAt: STAMP,
  deletedAt: null,
  ...overrides,
});
