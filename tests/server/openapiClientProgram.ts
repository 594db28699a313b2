/**
 * What an integrator writes against the client generated from /api/docs/json (openapi-typescript + openapi-fetch):
 * sign in, upload an image, create a template, create a pass, patch it, list passes, delete it. Kept as text: it
 * compiles only next to the types generated when the test runs (`./api`), and must compile with no cast and no any.
 */
export const CLIENT_PROGRAM = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api';

type TemplateWrite = components['schemas']['TemplateWrite'];
type Pass = components['schemas']['Pass'];

export interface Input {
  origin: string;
  email: string;
  password: string;
  projectId: string;
  pngBase64: string;
  template: Omit<TemplateWrite, 'projectId' | 'images'>;
}

function required<T>(data: T | undefined, error: unknown, step: string): T {
  if (data === undefined) throw new Error(step + ' failed: ' + JSON.stringify(error));
  return data;
}

export async function run(input: Input) {
  const core = createClient<paths>({ baseUrl: input.origin + '/api/core' });
  const session = await core.POST('/auth/login', { body: { email: input.email, password: input.password } });
  const { token } = required(session.data, session.error, 'sign-in');
  const headers = { Authorization: 'Bearer ' + token };
  const api = createClient<paths>({ baseUrl: input.origin + '/api/core', headers });
  // Yourpass clients call the root: /v1/... answers there too (the document's second server)
  const root = createClient<paths>({ baseUrl: input.origin, headers });

  const bytes = Uint8Array.from(atob(input.pngBase64), (character) => character.charCodeAt(0));
  const uploaded = await api.POST('/v1/image', {
    body: { file: new Blob([bytes], { type: 'image/png' }), projectId: input.projectId, type: 'icon', name: 'Icon' },
    bodySerializer(body) {
      const form = new FormData();
      form.append('projectId', body.projectId);
      form.append('type', body.type);
      if (body.name !== undefined) form.append('name', body.name);
      form.append('file', body.file, 'icon.png');
      return form;
    },
  });
  const image = required(uploaded.data, uploaded.error, 'upload');

  const templateAnswer = await api.POST('/v1/template', {
    body: { ...input.template, projectId: input.projectId, images: { icon: image.id } },
  });
  const template = required(templateAnswer.data, templateAnswer.error, 'template');

  const created = await api.POST('/v1/pass', {
    body: { templateId: template.id, dynamicData: { name: 'Ada' } },
  });
  const pass: Pass = required(created.data, created.error, 'pass');

  const patched = await api.PATCH('/v1/pass/{id}', {
    params: { path: { id: pass.id } },
    body: { dynamicData: { points: 7 } },
  });
  const changed = required(patched.data, patched.error, 'patch');

  const listed = await root.GET('/v1/pass', {
    params: { query: { where: JSON.stringify({ templateId: template.id }), limit: 10 } },
  });
  const page = required(listed.data, listed.error, 'list');

  const deleted = await api.DELETE('/v1/pass/{id}', { params: { path: { id: pass.id } } });
  const gone = required(deleted.data, deleted.error, 'delete');
  const after = await api.GET('/v1/pass/{id}', { params: { path: { id: pass.id } } });

  return {
    image: { id: image.id, type: image.type, width: image.width },
    template: { id: template.id, icon: template.images.icon ?? null },
    pass: { id: pass.id, templateId: pass.templateId },
    patchedData: changed.dynamicData,
    listed: { ids: page.data.map((item) => item.id), totalCount: page.totalCount },
    deletedAt: gone.deletedAt,
    afterDelete: after.response.status,
  };
}
`;
