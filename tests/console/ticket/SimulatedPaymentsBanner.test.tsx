import { screen } from '@testing-library/react';
import { admin, renderConsole } from '../harness';
import { O1, anOrder, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

const WARNING =
  /^Payments are simulated: an e-shop whose payment gateway is the simulated bank takes no money/;

function open(path: string, simulatedPayments: boolean, width?: number) {
  const data = ticketDataProvider({ order: [anOrder('paid')] });
  renderConsole({
    path,
    viewer: admin,
    dataProvider: data.dataProvider,
    config: { simulatedPayments },
    width,
  });
}

describe('simulated payments banner', () => {
  it.each(['/ticket/ticketEshop', `/ticket/ticketOrder/${O1}`, '/ticket/ticketAccounting'])(
    'warns on %s that the checkout takes no money',
    async (path) => {
      open(path, true);
      const banner = await screen.findByRole('alert');
      expect(banner).toHaveTextContent(WARNING);
      expect(banner).toHaveTextContent(
        "Choose Stripe or GoPay on the e-shop's Payments tab before you sell.",
      );
    },
  );

  it('is one short line on a phone, the whole warning its tooltip', async () => {
    open('/ticket/ticketEshop', true, 390);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(/^Test payments — no money is taken$/);
    expect(banner).toHaveAttribute('title', expect.stringMatching(WARNING));
  });

  it('stays off the screens that have nothing to do with selling', async () => {
    open('/identity/project', true);
    expect(await screen.findByRole('heading', { name: 'Identity › Projects' })).toBeInTheDocument();
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it('is not shown when the checkout has a real payment gateway', async () => {
    open(`/ticket/ticketOrder/${O1}`, false);
    expect(await screen.findByRole('button', { name: 'Invoice download' })).toBeInTheDocument();
    expect(screen.queryByText(WARNING)).toBeNull();
  });
});
