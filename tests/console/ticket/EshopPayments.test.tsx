import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../../domain/rights';
import { P1, aViewer, admin, renderConsole } from '../harness';
import { E1, anEshop, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

const stripeEshop = () =>
  anEshop({
    locales: ['cs'],
    paymentGateway: { kind: 'stripe', test: true, secretKeySet: true, webhookSecretSet: true },
  });

async function openPayments(eshop = stripeEshop(), viewer = admin) {
  const data = ticketDataProvider({ eshop: [eshop] });
  renderConsole({ path: `/ticket/ticketEshop/${E1}`, viewer, dataProvider: data.dataProvider });
  await userEvent.click(await screen.findByRole('tab', { name: 'Payments' }));
  return data;
}

describe("an e-shop's payment gateway", () => {
  it('warns on the simulated bank, which a new e-shop starts on', async () => {
    await openPayments(anEshop({ locales: ['cs'] }));
    expect(
      await screen.findByText(/an e-shop whose payment gateway is the simulated bank takes no money/),
    ).toBeVisible();
  });

  it('never shows a secret, keeps the stored ones when left empty, and gives the webhook address', async () => {
    const { provider } = await openPayments();
    const key = screen.getByLabelText('Secret key');
    expect(key).toHaveValue('');
    expect(screen.getAllByText('Set. Leave empty to keep it; it is never shown again.')).toHaveLength(2);
    expect(screen.getByText(new RegExp(`/api/ticket/public/v1/eshop/${E1}/gateway/stripe$`))).toBeVisible();
    await userEvent.click(screen.getByRole('switch', { name: 'Test mode (sandbox)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data.paymentGateway).toEqual({ kind: 'stripe', test: false });
  });

  it("sends a new secret, and only the chosen gateway's settings", async () => {
    const { provider } = await openPayments();
    await userEvent.type(screen.getByLabelText('Secret key'), 'sk_live_new');
    await userEvent.click(screen.getByRole('combobox', { name: 'Payment gateway' }));
    await userEvent.click(await screen.findByRole('option', { name: 'GoPay' }));
    await userEvent.type(screen.getByLabelText('GoID'), '8123456789');
    await userEvent.type(screen.getByLabelText('Client ID'), 'client-1');
    await userEvent.type(screen.getByLabelText('Client secret'), 'gopay-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data.paymentGateway).toEqual({
      kind: 'gopay',
      test: true,
      goid: '8123456789',
      clientId: 'client-1',
      clientSecret: 'gopay-secret',
    });
  });

  it("tests the saved connection and shows the gateway's words", async () => {
    const { ticket } = await openPayments();
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const answer = await screen.findByRole('status');
    expect(within(answer).getByText('Stripe refused the secret key.')).toBeVisible();
    expect(ticket.testPaymentGateway).toHaveBeenCalledWith(E1);
  });

  it('offers a reader no input to change and no test', async () => {
    await openPayments(stripeEshop(), aViewer({ projects: { [P1]: Right.TICKET_ESHOP_READ } }));
    expect(screen.getByText('Stripe')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});
