/**
 * @jest-environment node
 */
import { createCoreDataProvider } from '../../src/dataProviders/coreDataProvider';
import { createHttpClient } from '../../src/dataProviders/httpClient';
import { restoreFetch, stubFetch } from './fakeHttp';

const CERTIFICATE = '33333333-3333-4333-8333-333333333333';
const PROJECT = '11111111-1111-4111-8111-111111111111';
const PEM = '-----BEGIN CERTIFICATE REQUEST-----\nMIIC\n-----END CERTIFICATE REQUEST-----\n';

/** The global fetch recording requests and answering each with the next of the given answers. */
function fakeFetch(...answers: Array<{ status: number; statusText?: string; body: string; type?: string }>) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const answer = answers.shift() ?? { status: 200, body: '{}' };
    return new Response(answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: { 'Content-Type': answer.type ?? 'application/json' },
    });
  }) as unknown as typeof fetch;
  stubFetch(fetchImpl);
  return { requests };
}

const provider = () =>
  createCoreDataProvider(
    '/api/core',
    createHttpClient(() => 'tok'),
  );

afterEach(restoreFetch);

describe('uploads and downloads of the core API', () => {
  it('uploads an image as multipart/form-data: the text fields and the file, no JSON', async () => {
    const { requests } = fakeFetch({ status: 201, body: '{"id":"img-1"}' });
    const file = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
    const result = await provider().create('passes/image', {
      data: { projectId: PROJECT, type: 'logo', name: 'Logo', file, url: 'ignored' },
    });
    expect(result.data).toEqual({ id: 'img-1' });
    expect(requests[0].url).toBe('/api/core/v1/image');
    expect(requests[0].init.method).toBe('POST');
    const headers = requests[0].init.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.has('Content-Type')).toBe(false);
    const form = requests[0].init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['projectId', 'type', 'name', 'file']);
    expect(form.get('projectId')).toBe(PROJECT);
    expect((form.get('file') as File).name).toBe('logo.png');
  });

  it('renames an image with JSON (the name only)', async () => {
    const { requests } = fakeFetch({ status: 200, body: '{"id":"img-1","name":"New"}' });
    await provider().update('passes/image', {
      id: 'img-1',
      data: { id: 'img-1', name: 'New', type: 'logo', width: 1 },
      previousData: { id: 'img-1' },
    });
    expect(requests[0].url).toBe('/api/core/v1/image/img-1');
    expect(requests[0].init.body).toBe('{"name":"New"}');
  });

  it('reads the certificate request as PEM text with the bearer token', async () => {
    const { requests } = fakeFetch({ status: 200, body: PEM, type: 'application/x-pem-file' });
    await expect(provider().getCertificateRequest(CERTIFICATE)).resolves.toBe(PEM);
    expect(requests[0].url).toBe(`/api/core/v1/certificate/${CERTIFICATE}/csr`);
    expect((requests[0].init.headers as Headers).get('Authorization')).toBe('Bearer tok');
  });

  it('uploads the issued certificate in the field file, and rejects any other status than 200 with its status text', async () => {
    const { requests } = fakeFetch(
      { status: 200, body: `{"id":"${CERTIFICATE}","passTypeId":"pass.com.example"}` },
      { status: 502, statusText: 'Bad Gateway', body: '<html>proxy</html>', type: 'text/html' },
    );
    const core = provider();
    const file = new File(['der'], 'pass.cer');
    await expect(core.uploadCertificate(CERTIFICATE, file)).resolves.toMatchObject({
      passTypeId: 'pass.com.example',
    });
    expect(requests[0].url).toBe(`/api/core/v1/certificate/${CERTIFICATE}/upload`);
    expect(((requests[0].init.body as FormData).get('file') as File).name).toBe('pass.cer');
    await expect(core.uploadCertificate(CERTIFICATE, file)).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
  });
});
