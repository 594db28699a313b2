import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../../domain/rights';
import type { Order, PaymentState } from '../../../domain/schemas/order';
import type { Viewer } from '../../../domain/schemas/user';
import { P1, aViewer, admin, renderConsole } from '../harness';
import { O1, R1, aRefund, anOrder, anOrderItem, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

const I2 = 'd2d2d2d2-d2d2-4d2d-8d2d-d2d2d2d2d2d2';
const accountant = aViewer({ projects: { [P1]: Right.TICKET_ESHOP_READ | Right.TICKET_ACCOUNTING } });

function openOrder(
  viewer: Viewer = admin,
  paymentState: PaymentState = 'paid',
  overrides: Partial<Order> = {},
) {
  const data = ticketDataProvider({
    order: [anOrder(paymentState, { refundedAmount: 20, ...overrides })],
    orderItem: [
      anOrderItem(),
      anOrderItem({ id: I2, itemNumber: 'A-0002', productTitle: 'Dospělá', discountedPrice: 250 }),
    ],
    refund: [aRefund({ itemIds: [], amount: 20, creditNoteNumber: 'D9026000007' })],
  });
  renderConsole({ path: `/ticket/ticketOrder/${O1}`, viewer, dataProvider: data.dataProvider });
  return data;
}

/** Opens the order's refund dialog and types the reason. */
async function refundDialog(reason = 'Rain') {
  await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund order 902026000001' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), reason);
  return dialog;
}

describe('refunds from the order page', () => {
  it('refunds the whole order by default, and says what came of it', async () => {
    const { ticket } = openOrder();
    const dialog = await refundDialog('The event was canceled');
    expect(
      within(dialog).getByRole('radio', { name: /The whole order \(CZK\s280\.00 left\)/ }),
    ).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(ticket.refundOrder).toHaveBeenCalledWith(O1, { reason: 'The event was canceled' });
    expect(
      await screen.findByText(/CZK\s150\.00 of order 902026000001 was given back\./),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refunds chosen tickets, and an amount', async () => {
    const { ticket } = openOrder();
    let dialog = await refundDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Chosen tickets/ }));
    const refund = within(dialog).getByRole('button', { name: 'Refund' });
    expect(refund).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Dospělá A-0002/ }));
    await userEvent.click(refund);
    expect(ticket.refundOrder).toHaveBeenLastCalledWith(O1, { reason: 'Rain', itemIds: [I2] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await refundDialog('Goodwill');
    await userEvent.click(within(dialog).getByRole('radio', { name: /An amount/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount (CZK)' }), '21,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(ticket.refundOrder).toHaveBeenLastCalledWith(O1, { reason: 'Goodwill', amount: 21.5 });
  });

  it('shows the error as the API says it, and the dialog stays', async () => {
    const { ticket } = openOrder();
    ticket.refundOrder.mockRejectedValueOnce(
      new HttpError('At most CZK 99.50 is left to refund of order 902026000001; CZK 100.00 was asked.', 400),
    );
    const dialog = await refundDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund failed')).toBeInTheDocument();
    expect(screen.getByText(/At most CZK 99\.50 is left to refund/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('tells a refund the gateway refused, with its reason', async () => {
    const { ticket } = openOrder();
    ticket.refundOrder.mockResolvedValueOnce(
      aRefund({ state: 'failed', failureReason: 'The card account is closed.', creditNoteNumber: null }),
    );
    const dialog = await refundDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('The card account is closed.')).toBeInTheDocument();
  });

  it('offers Refund and Cancel order only to a viewer who may refund', async () => {
    openOrder(aViewer({ projects: { [P1]: Right.TICKET_ESHOP_READ } }));
    expect(await screen.findByRole('button', { name: 'Invoice download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('cancels an unpaid order with a reason, telling what the server did', async () => {
    const { ticket } = openOrder(accountant, 'pending');
    expect(await screen.findByRole('button', { name: 'Refund' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order 902026000001' });
    expect(within(dialog).getByText(/can no longer be paid/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Cancel order' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Asked by phone');
    await userEvent.click(confirm);
    expect(ticket.cancelOrder).toHaveBeenCalledWith(O1, { reason: 'Asked by phone' });
    expect(await screen.findByText('Order canceled')).toBeInTheDocument();
    expect(screen.getByText('Order 902026000001 was canceled: its payment is closed.')).toBeInTheDocument();
  });

  it("lists the order's refunds with their credit notes", async () => {
    const { ticket } = openOrder(accountant);
    await userEvent.click(await screen.findByRole('tab', { name: 'Refunds' }));
    const creditNote = await screen.findByRole('button', { name: 'D9026000007' });
    const row = creditNote.closest('tr') as HTMLElement;
    expect(within(row).getByText('Refunded')).toBeInTheDocument();
    expect(within(row).getByText('Rain')).toBeInTheDocument();
    expect(within(row).getByText(/CZK\s20\.00/)).toBeInTheDocument();
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      await userEvent.click(creditNote);
      expect(ticket.getCreditNote).toHaveBeenCalledWith(R1);
    } finally {
      open.mockRestore();
    }
  });
});

describe('late payments in the order list', () => {
  it('refunds an order "to refund" from its row, the reason prefilled', async () => {
    const late = anOrder('timeout', {
      latePaymentAt: '2026-11-01T11:00:00.000Z',
      toRefund: true,
      totalWithVat: 121,
    });
    const data = ticketDataProvider({
      order: [
        late,
        anOrder('paid', { id: 'c2c2c2c2-c2c2-4c2c-8c2c-c2c2c2c2c2c2', orderNumber: '902026000002' }),
      ],
    });
    renderConsole({ path: '/ticket/ticketOrder', viewer: accountant, dataProvider: data.dataProvider });
    const refunds = await screen.findAllByRole('button', { name: 'Refund' });
    // only the late payment's row offers it
    expect(refunds).toHaveLength(1);
    expect(refunds[0].closest('tr')).toHaveTextContent('902026000001');
    await userEvent.click(refunds[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Refund order 902026000001' });
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue(
      'Paid after the order timed out',
    );
    expect(within(dialog).queryByRole('radio', { name: /Chosen tickets/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(data.ticket.refundOrder).toHaveBeenCalledWith(O1, { reason: 'Paid after the order timed out' });
    expect(await screen.findByText(/of order 902026000001 was given back/)).toBeInTheDocument();
  });

  it('filters the orders to refund', async () => {
    const data = ticketDataProvider({ order: [anOrder('timeout', { toRefund: true })] });
    renderConsole({
      path: `/ticket/ticketOrder?filter=${encodeURIComponent(JSON.stringify({ toRefund: true }))}`,
      viewer: admin,
      dataProvider: data.dataProvider,
    });
    expect(await screen.findByText('902026000001')).toBeInTheDocument();
    expect(data.provider.getList).toHaveBeenCalledWith(
      'ticket/ticketOrder',
      expect.objectContaining({ filter: expect.objectContaining({ toRefund: true }) }),
    );
    expect((await screen.findAllByText('To refund')).length).toBeGreaterThan(0);
  });
});

describe('the refund resource', () => {
  it('lists refunds with their orders and credit notes, and opens one read-only', async () => {
    const data = ticketDataProvider({ refund: [aRefund()] });
    renderConsole({ path: '/ticket/ticketRefund', viewer: accountant, dataProvider: data.dataProvider });
    const creditNote = await screen.findByRole('button', { name: 'D9026000001' });
    const row = creditNote.closest('tr') as HTMLElement;
    expect(await within(row).findByRole('link', { name: '902026000001' })).toHaveAttribute(
      'href',
      `/ticket/ticketOrder/${O1}`,
    );
    expect(within(row).getByText('Refunded')).toBeInTheDocument();
    expect(within(row).getByText('Jana Accountant')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /create|new/i })).not.toBeInTheDocument();
  });
});
