import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../domain/rights';
import type { Certificate } from '../../domain/schemas/certificate';
import type { Viewer } from '../../domain/schemas/user';
import { createCoreDataProvider } from '../../src/dataProviders/coreDataProvider';
import { createHttpClient } from '../../src/dataProviders/httpClient';
import { P1, P2, aProject, aViewer, admin, memoryDataProvider, renderConsole } from './harness';
import { restoreFetch, stubFetch } from './fakeHttp';

const C1 = '33333333-3333-4333-8333-333333333333';
const PEM = '-----BEGIN CERTIFICATE REQUEST-----\nMIIC\n-----END CERTIFICATE REQUEST-----\n';
const MISMATCH = 'The certificate does not match the key of this certificate request.';

const aCertificate = (overrides: Partial<Certificate> = {}): Certificate => ({
  id: C1,
  name: 'Member card',
  projectId: P1,
  passTypeId: null,
  teamId: null,
  expiration: null,
  hasCertificate: false,
  nfcEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  ...overrides,
});
// Listed by the API newest first: Zeta before Acme.
const projects = () => [aProject({ id: P2, name: 'Zeta' }), aProject({ id: P1, name: 'Acme' })];

function open(path: string, viewer: Viewer = admin) {
  const data = memoryDataProvider({ project: projects() });
  data.tables.certificate = [{ ...aCertificate() }];
  const extra = {
    getCertificateRequest: jest.fn(async () => PEM),
    uploadCertificate: jest.fn(async () =>
      aCertificate({ passTypeId: 'pass.com.example.member', teamId: 'TEAM123', hasCertificate: true }),
    ),
  };
  Object.assign(data.provider, extra);
  const locations: string[] = [];
  renderConsole({
    path,
    viewer,
    dataProvider: data.dataProvider,
    onLocation: (location) => locations.push(location.pathname),
  });
  return { ...data, ...extra, locations };
}

/** The core data provider over a fake server, to see the HTTP calls themselves (URL, token, body). */
function openOverHttp(path: string, answerUpload: { status: number; body: string }) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const answer = (status: number, body: string) =>
    ({ status, statusText: '', headers: new Headers(), text: async () => body }) as unknown as Response;
  const fetchImpl = (async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    if (url.endsWith('/csr')) return answer(200, PEM);
    if (url.endsWith('/upload')) return answer(answerUpload.status, answerUpload.body);
    if (url.startsWith(`/api/core/v1/certificate/${C1}`)) return answer(200, JSON.stringify(aCertificate()));
    if (url.startsWith('/api/core/v1/project?'))
      return answer(200, JSON.stringify({ data: projects(), totalCount: null, page: 1, limit: 1000 }));
    return answer(404, '{"message":"Not found"}');
  }) as unknown as typeof fetch;
  stubFetch(fetchImpl);
  const dataProvider = createCoreDataProvider(
    '/api/core',
    createHttpClient(() => 'tok-123'),
  );
  renderConsole({ path, viewer: admin, dataProvider });
  return { requests };
}

describe('certificate list', () => {
  it('shows project, name, pass type id and expiration, filters and New to admins', async () => {
    open('/passes/certificate');
    const row = (await screen.findByText('Member card')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Acme')).toBeInTheDocument();
    for (const header of ['Project', 'Name', 'Pass type id', 'Expiration']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    // the filters come right after the first rows
    expect(await screen.findByRole('combobox', { name: 'Project' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Pass type id' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'New' })).toHaveAttribute(
      'href',
      '/passes/certificate/new',
    );
  });

  it('is for admins only', async () => {
    const { provider } = open('/passes/certificate', aViewer({ projects: { [P1]: Right.TEMPLATE_UPDATE } }));
    expect(await screen.findByText('Forbidden: Access is denied')).toBeInTheDocument();
    expect(provider.getList).not.toHaveBeenCalledWith('passes/certificate', expect.anything());
  });
});

describe('new certificate', () => {
  it('opens at /new (also from /create) with the first project of the list chosen, and creates the certificate', async () => {
    const { provider, locations } = open('/passes/certificate/create');
    await waitFor(() => expect(locations[locations.length - 1]).toBe('/passes/certificate/new'));
    const project = await screen.findByRole('combobox', { name: /Project/ });
    expect(project).toHaveTextContent('Acme');
    await userEvent.click(project);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Acme',
      'Zeta',
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Gold card');
    await userEvent.click(screen.getByRole('switch', { name: 'Enabled for NFC by Apple' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.create).toHaveBeenCalled());
    expect(provider.create.mock.calls[0][1].data).toEqual({
      name: 'Gold card',
      projectId: P1,
      nfcEnabled: true,
    });
    await waitFor(() => expect(locations[locations.length - 1]).toMatch(/^\/passes\/certificate\/0{8}-/));
  });
});

describe('certificate page', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    restoreFetch();
  });

  it('has the form and, for admins, the JSON tab of its writable fields; Save, Apply, Delete, Back', async () => {
    open(`/passes/certificate/${C1}`);
    expect(await screen.findByRole('tab', { name: 'Certificate' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Enabled for NFC by Apple' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    const { name, projectId, nfcEnabled } = aCertificate();
    expect(screen.getByRole('textbox', { name: 'JSON' })).toHaveValue(
      JSON.stringify({ name, projectId, nfcEnabled }, null, 2),
    );
    for (const name of ['Save', 'Apply', 'Back'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Resource will be permanetly deleted. Are you sure?')).toBeInTheDocument();
  });

  it("asks for a file before uploading: 'Please select file'", async () => {
    const { uploadCertificate } = open(`/passes/certificate/${C1}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload certificate' }));
    expect(await screen.findByText('Please select file')).toBeInTheDocument();
    expect(uploadCertificate).not.toHaveBeenCalled();
  });

  it('uploads the issued certificate and shows what it says', async () => {
    const { uploadCertificate, provider } = open(`/passes/certificate/${C1}`);
    const file = new File(['der'], 'pass.cer', { type: 'application/pkix-cert' });
    await userEvent.upload(await screen.findByLabelText('Choose certificate file'), file);
    expect(screen.getByText('pass.cer')).toBeInTheDocument();
    provider.getOne.mockResolvedValueOnce({
      data: aCertificate({ passTypeId: 'pass.com.example.member', teamId: 'TEAM123', hasCertificate: true }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload certificate' }));
    await waitFor(() => expect(uploadCertificate).toHaveBeenCalledWith(C1, file, ''));
    expect(screen.queryByLabelText('Password of the .p12')).not.toBeInTheDocument();
    expect(await screen.findByText('Certificate uploaded')).toBeInTheDocument();
    expect(await screen.findByText('pass.com.example.member')).toBeInTheDocument();
    expect(screen.getByText('TEAM123')).toBeInTheDocument();
  });

  it('downloads the CSR with the bearer token as a file named after the certificate', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csr'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { requests } = openOverHttp(`/passes/certificate/${C1}`, { status: 200, body: '{}' });
    await userEvent.click(await screen.findByRole('button', { name: 'CSR download' }));
    await waitFor(() => expect(saved).toEqual(['Member card.pem']));
    const csr = requests.find((request) => request.url.endsWith('/csr'));
    expect(csr?.url).toBe(`/api/core/v1/certificate/${C1}/csr`);
    expect((csr?.init.headers as Headers).get('Authorization')).toBe('Bearer tok-123');
  });

  it('asks for the password of a .p12 and sends it with the file', async () => {
    const { requests } = openOverHttp(`/passes/certificate/${C1}`, { status: 200, body: '{}' });
    await userEvent.upload(
      await screen.findByLabelText('Choose certificate file'),
      new File(['pfx'], 'Certificates.p12', { type: 'application/x-pkcs12' }),
    );
    await userEvent.type(screen.getByLabelText('Password of the .p12'), 'keychain secret');
    await userEvent.click(screen.getByRole('button', { name: 'Upload certificate' }));
    await waitFor(() => expect(requests.some((request) => request.url.endsWith('/upload'))).toBe(true));
    const body = requests.find((request) => request.url.endsWith('/upload'))?.init.body as FormData;
    expect(body.get('password')).toBe('keychain secret');
    expect((body.get('file') as File).name).toBe('Certificates.p12');
  });

  it('notifies a refused upload with its status and the answer text', async () => {
    const { requests } = openOverHttp(`/passes/certificate/${C1}`, {
      status: 400,
      body: JSON.stringify({ statusCode: 400, error: 'Bad Request', message: MISMATCH }),
    });
    await userEvent.upload(
      await screen.findByLabelText('Choose certificate file'),
      new File(['der'], 'other.cer'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload certificate' }));
    expect(await screen.findByText('Certificate upload failed: 400')).toBeInTheDocument();
    expect(screen.getByText(MISMATCH)).toBeInTheDocument();
    const upload = requests.find((request) => request.url.endsWith('/upload'));
    expect(upload?.url).toBe(`/api/core/v1/certificate/${C1}/upload`);
    expect((upload?.init.headers as Headers).get('Authorization')).toBe('Bearer tok-123');
    expect(((upload?.init.body as FormData).get('file') as File).name).toBe('other.cer');
  });

  it('goes to the error page when the certificate cannot be read', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { provider, locations } = open(`/passes/certificate/${C1}`);
    provider.getOne.mockRejectedValue(new HttpError('Not found', 404, {}));
    await waitFor(() => expect(locations[locations.length - 1]).toBe('/error/404'));
  });
});
