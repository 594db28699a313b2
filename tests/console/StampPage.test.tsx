import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../domain/rights';
import type { StampAnswer, StampedPass } from '../../domain/schemas/stamp';
import { P1, aViewer, memoryDataProvider, renderConsole } from './harness';

const CARD = '44444444-4444-4444-8444-444444444444';
const PASS = '55555555-5555-4555-8555-555555555555';
const REWARD = '66666666-6666-4666-8666-666666666666';
const cashier = aViewer({ projects: { [P1]: Right.STAMP_MANAGE } });

const found: StampedPass = {
  passId: PASS,
  holder: 'Eva Nova',
  stamps: 2,
  stampsForReward: 5,
  remaining: 3,
  lastStampAt: '2026-11-24T10:00:00.000Z',
};

/** A console whose core API has one active stamp card and answers the till's calls with the given ones. */
function till(calls: { lookUp?: () => Promise<StampedPass>; stamp?: () => Promise<StampAnswer> } = {}) {
  const memory = memoryDataProvider();
  memory.tables.stampCard = [
    { id: CARD, name: 'Coffee', projectId: P1, active: true, stampsForReward: 5 },
    { id: '77777777-7777-4777-8777-777777777777', name: 'Paused', projectId: P1, active: false },
  ];
  const provider = Object.assign(memory.provider, {
    lookUpStampedPass: jest.fn(calls.lookUp ?? (async () => found)),
    stamp: jest.fn(
      calls.stamp ?? (async () => ({ ...found, stamps: 3, remaining: 2, rewarded: false, stampId: PASS })),
    ),
    undoStamp: jest.fn(async () => ({ ...found, stamps: 1, remaining: 4, stampId: PASS })),
    getStamps: jest.fn(async () => ({ data: [], totalCount: 0 })),
  });
  return { provider, dataProvider: memory.dataProvider };
}

async function findCard(code: string) {
  const input = await screen.findByLabelText('Card code');
  await userEvent.type(input, code);
  await userEvent.click(screen.getByRole('button', { name: 'Find' }));
}

describe('the till at /stamp', () => {
  it('takes the only active card, says the browser cannot scan, and shows the card found by a typed code', async () => {
    const { provider, dataProvider } = till();
    renderConsole({ path: '/stamp', viewer: cashier, dataProvider, width: 390 });
    expect(
      await screen.findByText('This browser cannot scan barcodes; type the code instead.'),
    ).toBeInTheDocument();
    // a phone's top bar: a short title that is not cut
    expect(screen.getByRole('heading', { level: 1, name: 'Till' })).toBeInTheDocument();
    await findCard('CARD-0042');
    expect(await screen.findByText('Eva Nova')).toBeInTheDocument();
    expect(screen.getByText('2 of 5 stamps')).toBeInTheDocument();
    expect(screen.getByText('3 stamps more to the reward')).toBeInTheDocument();
    expect(provider.lookUpStampedPass).toHaveBeenCalledWith(CARD, { code: 'CARD-0042' });
    expect(screen.queryByText('Paused')).not.toBeInTheDocument();
  });

  it('adds stamps to the pass found and shows the reward with the QR code of its pass', async () => {
    const { provider, dataProvider } = till({
      stamp: async () => ({
        ...found,
        stamps: 0,
        remaining: 5,
        rewarded: true,
        rewardPassId: REWARD,
        stampId: PASS,
      }),
    });
    renderConsole({ path: '/stamp', viewer: cashier, dataProvider, width: 390 });
    await findCard('CARD-0042');
    await userEvent.clear(await screen.findByLabelText('Stamps'));
    await userEvent.type(screen.getByLabelText('Stamps'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add 3 stamps' }));
    expect(await screen.findByText('Reward issued')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Reward issued' })).toHaveAttribute(
      'src',
      `/p/${REWARD}?tag=console&format=qrcode`,
    );
    expect(screen.getByText('0 of 5 stamps')).toBeInTheDocument();
    expect(provider.stamp).toHaveBeenCalledWith(CARD, { passId: PASS, count: 3 });
  });

  it('undoes the last stamp of the pass found', async () => {
    const { provider, dataProvider } = till();
    renderConsole({ path: '/stamp', viewer: cashier, dataProvider, width: 390 });
    await findCard('CARD-0042');
    await userEvent.click(await screen.findByRole('button', { name: 'Undo last stamp' }));
    expect(await screen.findByText('1 of 5 stamps')).toBeInTheDocument();
    expect(provider.undoStamp).toHaveBeenCalledWith(CARD, { passId: PASS });
  });

  it("shows the server's refusal", async () => {
    const { dataProvider } = till({
      lookUp: async () => {
        throw new HttpError('No pass of this stamp card has this code.', 404);
      },
    });
    renderConsole({ path: '/stamp', viewer: cashier, dataProvider, width: 390 });
    await findCard('nothing');
    expect(await screen.findByRole('alert')).toHaveTextContent('No pass of this stamp card has this code.');
    expect(screen.queryByText('Add 1 stamp')).not.toBeInTheDocument();
  });

  it('speaks Czech', async () => {
    const { dataProvider } = till();
    renderConsole({ path: '/stamp', viewer: cashier, dataProvider, width: 390, locale: 'cs' });
    await userEvent.type(await screen.findByLabelText('Kód karty'), 'CARD-0042');
    await userEvent.click(screen.getByRole('button', { name: 'Najít' }));
    expect(await screen.findByText('2 z 5 razítek')).toBeInTheDocument();
    expect(screen.getByText('Do odměny zbývají 3 razítka')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Přidat 1 razítko' })).toBeInTheDocument();
  });

  it('refuses viewers without STAMP_MANAGE', async () => {
    const { provider, dataProvider } = till();
    renderConsole({
      path: '/stamp',
      viewer: aViewer({ projects: { [P1]: Right.PASS_READ } }),
      dataProvider,
      width: 390,
    });
    await waitFor(() => expect(screen.queryByLabelText('Card code')).not.toBeInTheDocument());
    expect(await screen.findByText(/403/)).toBeInTheDocument();
    expect(provider.lookUpStampedPass).not.toHaveBeenCalled();
  });
});
