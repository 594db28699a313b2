import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../../domain/rights';
import type { SalesRow, TransactionRow } from '../../../domain/schemas/accounting';
import { defaultAccountingRange, rangeToWhere } from '../../../src/accounting/accountingRange';
import { salesCsv } from '../../../src/accounting/accountingCsv';
import { P1, aViewer, admin, renderConsole } from '../harness';
import { E1, O1, anEshop, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

const sales: SalesRow[] = [
  { eshopId: E1, eshopName: 'Zoo Praha', type: 'Dětská', count: 3, price: 450, discountedPrice: 450 },
  { eshopId: E1, eshopName: 'Zoo Praha', type: 'Dospělá', count: 2, price: 500, discountedPrice: 475 },
];
const transactions: TransactionRow[] = [
  {
    eshopId: E1,
    eshopName: 'Zoo Praha',
    timestamp: '2026-11-02T10:00:00.000Z',
    orderNumber: '902026000001',
    orderId: O1,
    code: 'A-0001',
    type: 'Dospělá',
    price: 250,
    discountPercentage: 10,
    discountAmount: 25,
    discountedPrice: 225,
  },
];

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

describe('ticket accounting', () => {
  it('opens on Sales with totals in CZK, then shows Transactions', async () => {
    const data = ticketDataProvider({ sales, transactions });
    renderConsole({ path: '/ticket/ticketAccounting', viewer: admin, dataProvider: data.dataProvider });
    expect(await screen.findByRole('tab', { name: 'Sales', selected: true })).toBeInTheDocument();
    const total = await screen.findByTestId('accounting-total');
    const cells = within(total)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe('Total');
    expect(cells[2]).toBe('5');
    expect(cells[3]?.replace(/\u00a0/g, ' ')).toBe('CZK 950.00');
    expect(cells[4]?.replace(/\u00a0/g, ' ')).toBe('CZK 925.00');
    expect(data.ticket.getAccounting).toHaveBeenCalledWith('sale', rangeToWhere(defaultAccountingRange()));

    await userEvent.click(screen.getByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByRole('link', { name: '902026000001' })).toHaveAttribute(
      'href',
      `/ticket/ticketOrder/${O1}`,
    );
    const transactionTotal = within(screen.getByTestId('accounting-total')).getAllByRole('cell');
    expect(digits(transactionTotal[transactionTotal.length - 1].textContent)).toBe('22500');
  });

  it('writes money as the Orders screen does, in the console language and the e-shop currency', async () => {
    const data = ticketDataProvider({ sales, transactions, eshop: [anEshop({ currency: 'EUR' })] });
    renderConsole({
      path: '/ticket/ticketAccounting',
      viewer: admin,
      dataProvider: data.dataProvider,
      locale: 'cs',
    });
    const total = await screen.findByTestId('accounting-total');
    const cells = within(total)
      .getAllByRole('cell')
      .map((cell) => (cell.textContent ?? '').replace(/\u00a0/g, ' '));
    expect(cells[3]).toBe('950,00 €');
    expect(cells[4]).toBe('925,00 €');
    expect(
      screen.getAllByRole('cell').map((cell) => (cell.textContent ?? '').replace(/\u00a0/g, ' ')),
    ).toContain('450,00 €');
  });

  it('refuses a viewer without TICKET_ACCOUNTING', async () => {
    const data = ticketDataProvider({ sales });
    const viewer = aViewer({ projects: { [P1]: Right.TICKET_ESHOP_READ } });
    renderConsole({ path: '/ticket/ticketAccounting', viewer, dataProvider: data.dataProvider });
    expect(await screen.findByText(/Forbidden/)).toBeInTheDocument();
    expect(data.ticket.getAccounting).not.toHaveBeenCalled();
  });

  it('exports with the Czech headers, the e-shop by its name', () => {
    const [header, first] = salesCsv(sales).split('\r\n');
    expect(header).toBe('E-shop,Typ,Počet,Cena (CZK),Cena po slevě (CZK)');
    expect(first).toBe('Zoo Praha,Dětská,3,450,450');
  });

  it("shows an accountant who may not read e-shops or orders the e-shop's name and plain order numbers", async () => {
    const data = ticketDataProvider({ sales, transactions });
    const viewer = aViewer({ projects: { [P1]: Right.TICKET_ACCOUNTING } });
    renderConsole({ path: '/ticket/ticketAccounting', viewer, dataProvider: data.dataProvider });
    expect((await screen.findAllByRole('cell', { name: 'Zoo Praha' })).length).toBe(2);
    expect(screen.queryByText(E1)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByRole('cell', { name: '902026000001' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '902026000001' })).not.toBeInTheDocument();
    expect(data.provider.getList).not.toHaveBeenCalledWith('ticket/ticketEshop', expect.anything());
  });

  it('starts the range on the first of the month (the previous month in its first days)', () => {
    expect(defaultAccountingRange(new Date(2026, 10, 22))).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(defaultAccountingRange(new Date(2026, 0, 3))).toEqual({ from: '2025-12-01', to: '2026-01-03' });
  });
});
