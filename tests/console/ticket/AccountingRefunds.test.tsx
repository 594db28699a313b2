import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RefundTransactionRow, SalesRow } from '../../../domain/schemas/accounting';
import { refundsCsv } from '../../../src/accounting/accountingCsv';
import { admin, renderConsole } from '../harness';
import { E1, O1, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

const sales: SalesRow[] = [
  { eshopId: E1, eshopName: 'Zoo Praha', type: 'Dospělá', count: 2, price: 500, discountedPrice: 475 },
];
const refund = (overrides: Partial<RefundTransactionRow>): RefundTransactionRow => ({
  eshopId: E1,
  eshopName: 'Zoo Praha',
  timestamp: '2026-11-03T10:00:00.000Z',
  orderNumber: '902026000001',
  orderId: O1,
  creditNoteNumber: 'D9026000001',
  reason: 'Rain',
  amount: -25,
  latePayment: false,
  ...overrides,
});
const refundTransactions = [
  refund({}),
  // paid after its order timed out: money back, but never a sale
  refund({ creditNoteNumber: '', reason: 'Paid after the order timed out', amount: -120, latePayment: true }),
];

const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

describe('refunds in the ticket accounting', () => {
  it('shows the sales net of their refunds, a late payment aside', async () => {
    const data = ticketDataProvider({ sales, refundTransactions });
    renderConsole({ path: '/ticket/ticketAccounting', viewer: admin, dataProvider: data.dataProvider });
    const net = await screen.findByTestId('accounting-net');
    expect(plain(net.textContent)).toContain('Refunds of sales: -CZK 25.00');
    expect(plain(net.textContent)).toContain('Sales net of refunds: CZK 450.00');
  });

  it('lists the refunds money out, with their credit notes, a late payment marked, and totals', async () => {
    const data = ticketDataProvider({ sales, refundTransactions });
    renderConsole({ path: '/ticket/ticketAccounting', viewer: admin, dataProvider: data.dataProvider });
    await userEvent.click(await screen.findByRole('tab', { name: 'Refunds' }));
    expect(await screen.findByRole('cell', { name: 'D9026000001' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Late payment (no sale)' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '902026000001' })[0]).toHaveAttribute(
      'href',
      `/ticket/ticketOrder/${O1}`,
    );
    const total = within(screen.getByTestId('accounting-total')).getAllByRole('cell');
    expect(plain(total[total.length - 1].textContent)).toBe('-CZK 145.00');
    expect(data.ticket.getAccounting).toHaveBeenCalledWith('refundTransaction', expect.anything());
  });

  it('exports the refunds with Czech headers, their amounts negative', () => {
    const [header, first, second] = refundsCsv(refundTransactions).split('\r\n');
    expect(header).toBe(
      'E-shop,Čas,Číslo objednávky,ID objednávky,Opravný doklad,Důvod,Částka (CZK),Pozdní platba',
    );
    expect(first).toBe(`Zoo Praha,2026-11-03T10:00:00.000Z,902026000001,${O1},D9026000001,Rain,-25,false`);
    expect(second).toContain(',,Paid after the order timed out,-120,true');
  });
});
