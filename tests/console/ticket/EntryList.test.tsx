import { screen, within } from '@testing-library/react';
import { Right } from '../../../domain/rights';
import type { TicketEntry } from '../../../domain/schemas/ticketEntry';
import { P1, aViewer, renderConsole } from '../harness';
import { E1, I1, anOrderItem, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

const gateStaff = aViewer({ projects: { [P1]: Right.TICKET_ENTRY } });
const USER = '77777777-7777-4777-8777-777777777777';

const anEntry = (overrides: Partial<TicketEntry>): TicketEntry => ({
  id: '88888888-8888-4888-8888-888888888881',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
  orderItemId: I1,
  code: '902026000001',
  result: 'accepted',
  entriesLeft: 2,
  userId: USER,
  at: '2026-11-01T10:00:00.000Z',
  eshopId: E1,
  projectId: P1,
  gate: 'North',
  offline: false,
  clientId: null,
  userName: 'Jana Nováková',
  eshopName: 'Zoo Praha',
  productName: 'Dětská',
  itemNumber: '902026000001',
  ...overrides,
});

function openEntries(locale?: string) {
  const data = ticketDataProvider({ orderItem: [anOrderItem()] });
  data.tables.ticketEntry = [
    anEntry({}),
    anEntry({
      id: '88888888-8888-4888-8888-888888888882',
      at: '2026-11-01T11:00:00.000Z',
      code: 'NO-SUCH',
      result: 'unknown',
      orderItemId: null,
      entriesLeft: null,
      productName: null,
      itemNumber: null,
    }),
  ];
  Object.assign(data.provider, { getGateEshops: jest.fn(async () => [{ id: E1, name: 'Zoo Praha' }]) });
  renderConsole({ path: '/ticket/ticketEntry', viewer: gateStaff, dataProvider: data.dataProvider, locale });
}

describe('the Entries list', () => {
  it('names who scanned, the e-shop and the product, links the item number, translates the result', async () => {
    openEntries();
    const accepted = (await screen.findAllByText('Accepted'))
      .map((node) => node.closest('tr'))
      .find(Boolean)!;
    expect(within(accepted).getByText('Jana Nováková')).toBeInTheDocument();
    expect(within(accepted).getByText('Zoo Praha')).toBeInTheDocument();
    expect(within(accepted).getByText('Dětská')).toBeInTheDocument();
    expect(await within(accepted).findByRole('link', { name: '902026000001' })).toHaveAttribute(
      'href',
      `/ticket/ticketOrderItem/${I1}`,
    );
    expect(screen.getByText('Unknown code')).toBeInTheDocument();
    for (const header of ['When', 'Code', 'Result', 'Product', 'Item number', 'E-shop', 'Scanned by', 'Gate'])
      expect(screen.getAllByRole('columnheader', { name: new RegExp(header) }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('columnheader', { name: 'Recorded' })).not.toBeInTheDocument();
  });

  it('speaks Czech', async () => {
    openEntries('cs');
    expect(await screen.findByText('Přijato')).toBeInTheDocument();
    expect(screen.getByText('Neznámý kód')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader', { name: /Skenoval/ }).length).toBeGreaterThan(0);
  });
});
