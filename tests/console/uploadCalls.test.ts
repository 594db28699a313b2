/**
 * @jest-environment node
 */
import { createCoreDataProvider } from '../../src/dataProviders/coreDataProvider';
import { createHttpClient } from '../../src/dataProviders/httpClient';

const CERTIFICATE = '33333333-3333-4333-8333-333333333333';
const PROJECT = '11111111-1111-4111-8111-111111111111';
const PEM = '-----BEGIN CERTIFICATE REQUEST-----\nMIIC\n-----END CERTIFICATE REQUEST-----\n';

/** A fetch that records requests and answers each with the next of the given answers. */
function fakeFetch(...answers: Array<{ status: number; body: string; type?: string }>) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const answer = answers.shift() ?? { status: 200, body: '{}' };
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'Content-Type': answer.type ?? 'application/json' },
    });
  }) as unknown as typeof fetch;
  return { fetchImpl, requests };
}

const providerWith = (fetchImpl: typeof fetch) =>
  createCoreDataProvider(
    '/api/core',
    createHttpClient(() => 'tok', fetchImpl),
  );

describe('uploads and downloads of the core API', () => {
  it('uploads an image as multipart/form-data: the text fields and the file, no JSON', async () => {
    const { fetchImpl, requests } = fakeFetch({ status: 201, body: '{"id":"img-1"}' });
    const file = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
    const result = await providerWith(fetchImpl).create('passes/image', {
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
    const { fetchImpl, requests } = fakeFetch({ status: 200, body: '{"id":"img-1","name":"New"}' });
    await providerWith(fetchImpl).update('passes/image', {
      id: 'img-1',
      data: { id: 'img-1', name: 'New', type: 'logo', width: 1 },
      previousData: { id: 'img-1' },
    });
    expect(requests[0].url).toBe('/api/core/v1/image/img-1');
    expect(requests[0].init.body).toBe('{"name":"New"}');
  });

  it('reads the certificate request as PEM text with the bearer token', async () => {
    const { fetchImpl, requests } = fakeFetch({ status: 200, body: PEM, type: 'application/x-pem-file' });
    await expect(providerWith(fetchImpl).getCertificateRequest(CERTIFICATE)).resolves.toBe(PEM);
    expect(requests[0].url).toBe(`/api/core/v1/certificate/${CERTIFICATE}/csr`);
    expect((requests[0].init.headers as Headers).get('Authorization')).toBe('Bearer tok');
  });

  it('uploads the issued certificate in the field file, and rejects any other status than 200 with its text', async () => {
    const { fetchImpl, requests } = fakeFetch(
      { status: 200, body: `{"id":"${CERTIFICATE}","passTypeId":"pass.com.example"}` },
      { status: 502, body: 'Bad gateway', type: 'text/plain' },
    );
    const provider = providerWith(fetchImpl);
    const file = new File(['der'], 'pass.cer');
    await expect(provider.uploadCertificate(CERTIFICATE, file)).resolves.toMatchObject({
      passTypeId: 'pass.com.example',
    });
    expect(requests[0].url).toBe(`/api/core/v1/certificate/${CERTIFICATE}/upload`);
    expect(((requests[0].init.body as FormData).get('file') as File).name).toBe('pass.cer');
    await expect(provider.uploadCertificate(CERTIFICATE, file)).rejects.toMatchObject({
      status: 502,
      message: 'Bad gateway',
    });
  });
});
