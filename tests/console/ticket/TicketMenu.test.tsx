import { screen, waitFor, within } from '@testing-library/react';
import { Right } from '../../../domain/rights';
import type { Viewer } from '../../../domain/schemas/user';
import { P1, aViewer, admin, renderConsole } from '../harness';
import { ticketDataProvider } from './ticketHarness';

const TICKET_ENTRIES = ['Accounting', 'E-shops', 'Products', 'Orders', 'Order items'];

async function ticketMenu(viewer: Viewer): Promise<string[]> {
  renderConsole({ path: '/', viewer, dataProvider: ticketDataProvider().dataProvider });
  const menu = await screen.findByRole('navigation', { name: 'Open menu' });
  await waitFor(() => expect(menu).toHaveAttribute('aria-busy', 'false'));
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '')
    .filter((label) => TICKET_ENTRIES.includes(label));
}

describe('ticket menu', () => {
  it('shows an admin every ticket entry', async () => {
    expect(await ticketMenu(admin)).toEqual(TICKET_ENTRIES);
  });

  it('shows e-shops, orders and order items to a holder of TICKET_ESHOP_READ', async () => {
    expect(await ticketMenu(aViewer({ projects: { [P1]: Right.TICKET_ESHOP_READ } }))).toEqual([
      'E-shops',
      'Orders',
      'Order items',
    ]);
  });

  it('adds products for TICKET_PRODUCT_MANAGE with TICKET_ESHOP_READ', async () => {
    const viewer = aViewer({ projects: { [P1]: Right.TICKET_PRODUCT_MANAGE | Right.TICKET_ESHOP_READ } });
    expect(await ticketMenu(viewer)).toEqual(['E-shops', 'Products', 'Orders', 'Order items']);
  });

  it('shows only accounting to a holder of TICKET_ACCOUNTING', async () => {
    expect(await ticketMenu(aViewer({ projects: { [P1]: Right.TICKET_ACCOUNTING } }))).toEqual([
      'Accounting',
    ]);
  });

  it('shows nothing of the e-shop to a plain member or a product manager without e-shop read', async () => {
    expect(await ticketMenu(aViewer({ projects: { [P1]: Right.PROJECT_ACCESS } }))).toEqual([]);
  });

  it('keeps products from a product manager without e-shop read', async () => {
    expect(await ticketMenu(aViewer({ projects: { [P1]: Right.TICKET_PRODUCT_MANAGE } }))).toEqual([]);
  });
});
