import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import type { PaymentState } from '../../../domain/schemas/order';
import { admin, renderConsole } from '../harness';
import { I1, O1, anOrder, anOrderItem, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

function openOrder(paymentState: PaymentState) {
  const data = ticketDataProvider({ order: [anOrder(paymentState)] });
  renderConsole({ path: `/ticket/ticketOrder/${O1}`, viewer: admin, dataProvider: data.dataProvider });
  return data;
}

describe('order detail', () => {
  it('enables Invoice download and Resend mail for a paid order', async () => {
    const { ticket } = openOrder('paid');
    const invoice = await screen.findByRole('button', { name: 'Invoice download' });
    await waitFor(() => expect(invoice).toBeEnabled());
    const resend = screen.getByRole('button', { name: 'Resend mail' });
    expect(resend).toBeEnabled();
    await userEvent.click(resend);
    expect(ticket.sendOrderMail).toHaveBeenCalledWith(O1);
    expect(await screen.findByText('The order email was sent to jana@example.com.')).toBeInTheDocument();
  });

  it.each<PaymentState>(['pending', 'canceled', 'timeout', 'declined3D', 'declinedAC', 'error'])(
    'disables Invoice download and Resend mail for a %s order',
    async (state) => {
      openOrder(state);
      expect(await screen.findByRole('button', { name: 'Invoice download' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Resend mail' })).toBeDisabled();
    },
  );

  it('tells the refreshed payment state in the words of the spec', async () => {
    const { ticket } = openOrder('pending');
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh payment state' }));
    expect(ticket.updatePaymentState).toHaveBeenCalledWith(O1);
    expect(await screen.findByText('Payment state updated')).toBeInTheDocument();
    expect(screen.getByText('Payment state of order 902026000001 was update.')).toBeInTheDocument();
  });

  it('warns, never with the success message, when the gateway cannot tell the payment state', async () => {
    const { ticket } = openOrder('pending');
    ticket.updatePaymentState.mockResolvedValueOnce({
      id: O1,
      orderNumber: '902026000001',
      previousPaymentState: 'pending',
      paymentState: 'pending',
      changed: false,
      stateKnown: false,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh payment state' }));
    expect(await screen.findByText('Payment state not confirmed')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The payment gateway could not tell the state of order 902026000001; the order stays Pending.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Payment state updated')).not.toBeInTheDocument();
  });

  it('tells a failed refresh', async () => {
    const { ticket } = openOrder('pending');
    ticket.updatePaymentState.mockRejectedValueOnce(new HttpError('Gateway unreachable', 502));
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh payment state' }));
    expect(await screen.findByText("Couldn't check payment state.")).toBeInTheDocument();
    expect(screen.getByText('Gateway unreachable')).toBeInTheDocument();
  });
});

describe('order list', () => {
  it('shows payment states by their display names', async () => {
    const data = ticketDataProvider({
      order: [
        anOrder('declined3D'),
        anOrder('paid', { id: 'c2c2c2c2-c2c2-4c2c-8c2c-c2c2c2c2c2c2', orderNumber: '902026000002' }),
      ],
    });
    renderConsole({ path: '/ticket/ticketOrder', viewer: admin, dataProvider: data.dataProvider });
    const row = (await screen.findByText('902026000001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Declined 3D')).toBeInTheDocument();
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    for (const column of [
      'E-shop',
      'Order number',
      'Serial year',
      'Customer',
      'Payment state',
      'Payment method',
    ])
      expect(screen.getByRole('columnheader', { name: new RegExp(column) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});

/** Intl puts no-break spaces in amounts ("484,00 Kč"); a reader sees spaces. */
const readable = (text: string | null | undefined) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

describe('money in the console language', () => {
  const order = anOrder('paid', { totalWithoutVat: 400, totalWithVat: 484 });
  const amountsOfRow = async () => {
    const row = (await screen.findByText('902026000001')).closest('tr') as HTMLElement;
    return within(row)
      .getAllByRole('cell')
      .map((cell) => readable(cell.textContent));
  };

  it.each([
    ['en', 'CZK 400.00', 'CZK 484.00'],
    ['cs', '400,00 Kč', '484,00 Kč'],
  ])('writes order totals in %s as %s and %s', async (locale, withoutVat, withVat) => {
    const data = ticketDataProvider({ order: [order] });
    renderConsole({ path: '/ticket/ticketOrder', viewer: admin, dataProvider: data.dataProvider, locale });
    const cells = await amountsOfRow();
    expect(cells).toContain(withoutVat);
    expect(cells).toContain(withVat);
  });

  it("writes an order's totals and its items' prices in the order's currency", async () => {
    const data = ticketDataProvider({
      order: [anOrder('paid', { currency: 'EUR', totalWithoutVat: 20, totalWithVat: 24.2 })],
      orderItem: [anOrderItem({ discountedPrice: 12.1 })],
    });
    renderConsole({
      path: `/ticket/ticketOrder/${O1}`,
      viewer: admin,
      dataProvider: data.dataProvider,
      locale: 'cs',
    });
    const itemRow = (await screen.findByText('Dětská')).closest('tr') as HTMLElement;
    expect(readable(itemRow.textContent)).toContain('12,10 €');
    expect(readable(document.body.textContent)).toContain('Cena s DPH: 24,20 €');
  });
});

describe('order item detail', () => {
  it('offers used entry counts from 0 to the max entries, max read-only', async () => {
    const data = ticketDataProvider({
      orderItem: [anOrderItem({ entryCount: 1, product: { name: 'Dětská', maxEntries: 3 } })],
    });
    renderConsole({ path: `/ticket/ticketOrderItem/${I1}`, viewer: admin, dataProvider: data.dataProvider });
    expect(await screen.findByLabelText('Max entries')).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('combobox', { name: 'Entries (used/max)' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['0', '1', '2', '3']);
    await userEvent.click(screen.getByRole('option', { name: '3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(data.provider.update).toHaveBeenCalled());
    expect(data.provider.update.mock.calls[0][1].data).toMatchObject({ entryCount: 3 });
  });
});

describe('lower-case addresses (the spec link forms)', () => {
  it.each([
    ['ticketorder', O1, 'ticket/ticketOrder'],
    ['ticketorderitem', I1, 'ticket/ticketOrderItem'],
  ])('leads /ticket/%s/{id} to the canonical page', async (lower, id, route) => {
    const data = ticketDataProvider({ order: [anOrder('paid')], orderItem: [anOrderItem()] });
    const locations: string[] = [];
    renderConsole({
      path: `/ticket/${lower}/${id}`,
      viewer: admin,
      dataProvider: data.dataProvider,
      onLocation: (location) => locations.push(location.pathname),
    });
    await waitFor(() => expect(locations[locations.length - 1]).toBe(`/${route}/${id}`));
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });
});
