import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../domain/rights';
import { P1, aViewer, admin, memoryDataProvider, renderConsole } from './harness';
import type { Viewer } from '../../domain/schemas/user';

async function menuLabels(viewer: Viewer): Promise<string[]> {
  renderConsole({ path: '/', viewer, dataProvider: memoryDataProvider().dataProvider });
  const menu = await screen.findByRole('navigation', { name: 'Open menu' });
  // the entries that need rights are decided once canAccess answered
  await waitFor(() => expect(menu).toHaveAttribute('aria-busy', 'false'));
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('left menu', () => {
  it('shows an admin every identity entry', async () => {
    expect(await menuLabels(admin)).toEqual([
      'Home',
      'Passes',
      'Templates',
      'Pushes',
      'Images',
      'Certificates',
      'Stamp cards',
      'Stamp',
      'Pass in wallet',
      'Registered at least once',
      'Downloads by tags',
      'Previews by tags',
      'Active cards',
      'Links',
      'Stamps and rewards',
      'Accounting',
      'Ticket validation',
      'E-shops',
      'Products',
      'Orders',
      'Order items',
      'Refunds',
      'Entries',
      'Projects',
      'Users',
      'API clients',
      'Webhooks',
      'Background jobs',
      'Audit',
      'Documentation',
    ]);
  });

  it('shows stamp cards and the till, and no pass or template list, to a holder of STAMP_MANAGE', async () => {
    expect(await menuLabels(aViewer({ projects: { [P1]: Right.STAMP_MANAGE } }))).toEqual([
      'Home',
      'Stamp cards',
      'Stamp',
      'Documentation',
    ]);
  });

  it('shows gate staff (TICKET_ENTRY, not admins) the ticket validation, order items and entries', async () => {
    expect(await menuLabels(aViewer({ projects: { [P1]: Right.TICKET_ENTRY } }))).toEqual([
      'Home',
      'Ticket validation',
      'Order items',
      'Entries',
      'Documentation',
    ]);
  });

  it('shows projects and webhooks but not users to a holder of PROJECT_UPDATE', async () => {
    expect(await menuLabels(aViewer({ projects: { [P1]: Right.PROJECT_UPDATE } }))).toEqual([
      'Home',
      'Projects',
      'Webhooks',
      'Documentation',
    ]);
  });

  it('shows projects and users to a holder of USER_UPDATE, never API clients', async () => {
    expect(await menuLabels(aViewer({ projects: { [P1]: Right.USER_UPDATE } }))).toEqual([
      'Home',
      'Projects',
      'Users',
      'Documentation',
    ]);
  });

  it('shows a project member with PASS_READ the pass list and the reports', async () => {
    expect(await menuLabels(aViewer({ projects: { [P1]: Right.PASS_READ } }))).toEqual([
      'Home',
      'Passes',
      'Pass in wallet',
      'Registered at least once',
      'Downloads by tags',
      'Previews by tags',
      'Active cards',
      'Links',
      'Stamps and rewards',
      'Documentation',
    ]);
  });

  it('shows a plain project member only home and documentation', async () => {
    expect(await menuLabels(aViewer({ projects: { [P1]: Right.PROJECT_ACCESS } }))).toEqual([
      'Home',
      'Documentation',
    ]);
  });

  it('shows the template list (and images) to a holder of TEMPLATE_READ', async () => {
    expect(await menuLabels(aViewer({ projects: { [P1]: Right.TEMPLATE_READ } }))).toEqual([
      'Home',
      'Templates',
      'Pushes',
      'Images',
      'Documentation',
    ]);
  });

  it('labels the page with the menu labels of the path', async () => {
    renderConsole({ path: '/identity/user', viewer: admin, dataProvider: memoryDataProvider().dataProvider });
    expect(await screen.findByRole('heading', { name: 'Identity › Users' })).toBeInTheDocument();
  });

  it('below 1240 px the menu is a slide-over behind a top bar button', async () => {
    renderConsole({ path: '/', viewer: admin, dataProvider: memoryDataProvider().dataProvider, width: 1000 });
    const openButton = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('navigation', { name: 'Open menu' })).not.toBeInTheDocument();
    await userEvent.click(openButton);
    expect(await screen.findByRole('navigation', { name: 'Open menu' })).toBeInTheDocument();
  });
});
