import crypto from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OfflineList } from '../../../domain/schemas/ticketEntry';
import { offlineStore } from '../../../src/gate/offlineGate';
import { admin, renderConsole } from '../harness';
import { withNodeSubtle } from '../nodeSubtle';
import { E1, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

const HOUR = 3_600_000;

/** The gate over the in-memory API: one e-shop to check, scans answered by `scan`. */
function openGate(
  options: { scan?: () => Promise<unknown>; width?: number; simulatedPayments?: boolean } = {},
) {
  const data = ticketDataProvider();
  const calls = {
    getGateEshops: jest.fn(async () => [{ id: E1, name: 'Zoo Praha' }]),
    scanTicket: jest.fn(options.scan ?? (async () => ({ result: 'unknown', entriesLeft: null }))),
    getOfflineList: jest.fn(),
    syncEntries: jest.fn(),
  };
  Object.assign(data.provider, calls);
  renderConsole({
    path: '/ticket/validation',
    viewer: admin,
    dataProvider: data.dataProvider,
    width: options.width,
    config: { simulatedPayments: options.simulatedPayments ?? false },
  });
  return calls;
}

const check = async (code: string) => {
  fireEvent.change(await screen.findByLabelText('Item number or code'), { target: { value: code } });
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
};

describe('the gate', () => {
  afterEach(() => window.localStorage.clear());

  it('checks with the only e-shop the gatekeeper may check, chosen at once', async () => {
    const calls = openGate();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'E-shop' })).toHaveTextContent('Zoo Praha'),
    );
    await check('902611270001');
    await waitFor(() => expect(calls.scanTicket).toHaveBeenCalledWith({ code: '902611270001', eshopId: E1 }));
  });

  it('refuses an offline scan after the list expired, without queueing it, and says to download it again', async () => {
    const generatedAt = new Date(Date.now() - 30 * HOUR);
    const list: OfflineList = {
      eshopId: E1,
      generatedAt: generatedAt.toISOString(),
      expiresAt: new Date(generatedAt.getTime() + 24 * HOUR).toISOString(),
      tickets: [
        {
          orderItemId: '0b0e6a8e-8a5e-4f0e-9d7e-0a1b2c3d4e5f',
          codes: ['902611270001'],
          productName: 'Adult',
          maxEntries: 1,
          entriesLeft: 1,
          validFrom: null,
          validTo: null,
        },
      ],
      signature: 'payload.mac',
    };
    offlineStore(window.localStorage).saveList(list);
    openGate({ scan: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await userEvent.click(await screen.findByRole('switch', { name: 'Offline mode' }));
    expect(screen.getByText(/^The list expired .*: download the tickets again\.$/)).toBeInTheDocument();
    await check('902611270001');
    const answer = await screen.findByRole('status');
    expect(answer).toHaveAttribute('data-result', 'listExpired');
    expect(within(answer).getByText('Offline list expired: download the tickets again')).toBeInTheDocument();
    expect(screen.getByText('Entries waiting to be sent: 0')).toBeInTheDocument();
    expect(offlineStore(window.localStorage).queue()).toEqual([]);
  });

  describe('with rotating Google Wallet barcodes', () => {
    withNodeSubtle();
    const seed = Buffer.from('12345678901234567890');
    /** The TOTP (RFC 6238, SHA-1, 30 s, 8 digits) Google Wallet shows at a moment, computed here by Node. */
    const shownCode = (ticketCode: string, at: number) => {
      const counter = Buffer.alloc(8);
      counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
      const mac = crypto.createHmac('sha1', seed).update(counter).digest();
      const value = (mac.readUInt32BE(mac[19] & 0x0f) & 0x7fffffff) % 10 ** 8;
      return `${ticketCode}~${String(value).padStart(8, '0')}`;
    };
    const rotatingTicket = (code: string, orderItemId: string) => ({
      orderItemId,
      codes: [code],
      productName: 'Adult',
      maxEntries: 1,
      entriesLeft: 1,
      validFrom: null,
      validTo: null,
      rotation: { key: seed.toString('hex'), periodMs: 30_000, digits: 8, required: true },
    });

    it('lets the live code in offline and queues it as scanned; a screenshot or the plain code is refused', async () => {
      const now = Date.now();
      offlineStore(window.localStorage).saveList({
        eshopId: E1,
        generatedAt: new Date(now - HOUR).toISOString(),
        expiresAt: new Date(now + HOUR).toISOString(),
        tickets: [
          rotatingTicket('liveSecret', '0b0e6a8e-8a5e-4f0e-9d7e-0a1b2c3d4e51'),
          rotatingTicket('oldSecret', '0b0e6a8e-8a5e-4f0e-9d7e-0a1b2c3d4e52'),
        ],
        signature: 'payload.mac',
      });
      openGate({ scan: async () => Promise.reject(new TypeError('Failed to fetch')) });
      await userEvent.click(await screen.findByRole('switch', { name: 'Offline mode' }));

      const live = shownCode('liveSecret', Date.now());
      await check(live);
      expect(await screen.findByRole('status')).toHaveAttribute('data-result', 'accepted');
      expect(offlineStore(window.localStorage).queue()).toEqual([expect.objectContaining({ code: live })]);

      await check(shownCode('oldSecret', Date.now() - 10 * 60_000));
      await waitFor(() => expect(screen.getByRole('status')).toHaveAttribute('data-result', 'codeExpired'));
      expect(
        screen.getByText('The code has expired; ask the holder to show the live code'),
      ).toBeInTheDocument();

      await check('oldSecret');
      await waitFor(() => expect(screen.getByText('oldSecret')).toBeInTheDocument());
      expect(screen.getByRole('status')).toHaveAttribute('data-result', 'codeExpired');
      expect(screen.getByText('Entries waiting to be sent: 1')).toBeInTheDocument();
    });
  });

  it('tells until when a downloaded list lets tickets in', async () => {
    const now = Date.now();
    offlineStore(window.localStorage).saveList({
      eshopId: E1,
      generatedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 24 * HOUR).toISOString(),
      tickets: [],
      signature: 'payload.mac',
    });
    openGate();
    await userEvent.click(await screen.findByRole('switch', { name: 'Offline mode' }));
    expect(screen.getByText(/^The list lets tickets in until .+\.$/)).toBeInTheDocument();
  });

  it("shows the server's refusal of a typed number as the check's error", async () => {
    const refusal = Object.assign(
      new Error(
        'A typed ticket number is checked only at a gate of one e-shop: choose the e-shop, or scan the ticket’s code.',
      ),
      { status: 400 },
    );
    openGate({ scan: async () => Promise.reject(refusal) });
    await check('902611270001');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The ticket could not be checked: A typed ticket number is checked only at a gate of one e-shop',
    );
  });
});

describe('the gate on a phone', () => {
  it('has a short title and a one-line test payments banner above the code input', async () => {
    openGate({ width: 390, simulatedPayments: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate' })).toBeInTheDocument();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(/^Test payments — no money is taken$/);
    expect(banner).toHaveAttribute('title', expect.stringMatching(/^Payments are simulated/));
  });

  it('keeps the whole title and banner on a wide screen', async () => {
    openGate({ width: 1400, simulatedPayments: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket e-shop › Ticket validation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Payments are simulated/);
  });
});
