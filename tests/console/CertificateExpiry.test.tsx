import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../domain/rights';
import type { Certificate, ExpiringCertificate } from '../../domain/schemas/certificate';
import type { Viewer } from '../../domain/schemas/user';
import { P1, aProject, aViewer, admin, memoryDataProvider, renderConsole } from './harness';

const C1 = '33333333-3333-4333-8333-333333333333';
const C2 = '44444444-4444-4444-8444-444444444444';
const C3 = '55555555-5555-4555-8555-555555555555';
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY - 60_000).toISOString();

const aCertificate = (overrides: Partial<Certificate> = {}): Certificate => ({
  id: C1,
  name: 'Member card',
  projectId: P1,
  passTypeId: 'pass.com.example.member',
  teamId: 'TEAM123456',
  expiration: inDays(200),
  hasCertificate: true,
  nfcEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  ...overrides,
});

const expiring = (overrides: Partial<ExpiringCertificate> = {}): ExpiringCertificate => ({
  id: C2,
  name: 'Coffee card',
  projectId: P1,
  passTypeId: 'pass.com.example.coffee',
  expiration: '2026-12-24T10:00:00.000Z',
  state: 'expiring',
  days: 7,
  ...overrides,
});

function open(path: string, viewer: Viewer = admin, soon: ExpiringCertificate[] = []) {
  const data = memoryDataProvider({ project: [aProject({ id: P1, name: 'Acme' })] });
  data.tables.certificate = [
    aCertificate(),
    aCertificate({ id: C2, name: 'Coffee card', expiration: inDays(7) }),
    aCertificate({ id: C3, name: 'Old card', expiration: '2025-01-01T00:00:00.000Z' }),
  ];
  data.provider.getExpiringCertificates.mockImplementation(async () => soon);
  const renewCertificate = jest.fn(async () => ({
    certificate: aCertificate({ id: C2, name: 'Coffee card 2027' }),
    previousCertificateId: C1,
    templatesMoved: 3,
    devicesToPush: 120,
  }));
  Object.assign(data.provider, { renewCertificate, getCertificateRequest: jest.fn(async () => '') });
  renderConsole({ path, viewer, dataProvider: data.dataProvider });
  return { ...data, renewCertificate };
}

describe('certificate expiry in the console', () => {
  afterEach(() => sessionStorage.clear());

  it("lists each certificate's expiry with its state: valid, expires in N days, expired", async () => {
    open('/passes/certificate');
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
    expect(await within(await rowOf('Member card')).findByText('Valid')).toBeInTheDocument();
    expect(within(await rowOf('Coffee card')).getByText('Expires in 7 days')).toBeInTheDocument();
    expect(within(await rowOf('Old card')).getByText('Expired')).toBeInTheDocument();
  });

  it("shows the state on the certificate's page, and renews it with the file chosen", async () => {
    const { renewCertificate } = open(`/passes/certificate/${C2}`);
    expect(await screen.findByText('Expires in 7 days')).toBeInTheDocument();
    const renew = await screen.findByRole('button', { name: 'Renew' });
    expect(renew).toBeDisabled();
    const file = new File(['renewed'], 'renewed.cer', { type: 'application/pkix-cert' });
    await userEvent.upload(screen.getByLabelText('Choose renewed certificate'), file);
    await userEvent.click(renew);
    await waitFor(() => expect(renewCertificate).toHaveBeenCalledWith(C2, file));
    expect(
      await screen.findByText(
        'Certificate Coffee card 2027: 3 template(s) moved, 120 device(s) will update.',
      ),
    ).toBeInTheDocument();
  });

  it('warns administrators on every screen of a certificate about to expire or expired, until closed for the session', async () => {
    const soon = [
      expiring(),
      expiring({
        id: C3,
        name: 'Old card',
        passTypeId: 'pass.com.example.member',
        state: 'expired',
        days: 0,
        expiration: '2025-01-01T00:00:00.000Z',
      }),
    ];
    const { provider } = open('/passes/pass', admin, soon);
    const warning = await screen.findByText(
      /The signing certificate "Coffee card" \(pass\.com\.example\.coffee\) expires on/,
    );
    expect(warning).toHaveTextContent('upload its renewed certificate');
    expect(
      screen.getByText(/The signing certificate "Old card" \(pass\.com\.example\.member\) expired on/),
    ).toHaveTextContent('its passes cannot be created or updated');
    const alert = warning.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Open certificate' })).toHaveAttribute(
      'href',
      `/passes/certificate/${C2}`,
    );
    await userEvent.click(within(alert).getByTitle('Hide until the next sign-in'));
    await waitFor(() => expect(screen.queryByText(/"Coffee card"/)).not.toBeInTheDocument());
    expect(screen.getByText(/"Old card"/)).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('passbase.certificateBanner.dismissed') ?? '[]')).toEqual([
      `${C2}:expiring`,
    ]);
    expect(provider.getExpiringCertificates).toHaveBeenCalledTimes(1);
  });

  it('asks nothing and shows nothing to a user who manages no certificate', async () => {
    const { provider } = open('/passes/pass', aViewer({ projects: { [P1]: Right.PASS_READ } }), [expiring()]);
    expect(await screen.findByRole('heading', { name: /Passes/ })).toBeInTheDocument();
    expect(screen.queryByText(/Coffee card/)).not.toBeInTheDocument();
    expect(provider.getExpiringCertificates).not.toHaveBeenCalled();
  });
});
