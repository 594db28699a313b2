import { screen, waitFor, within } from '@testing-library/react';
import { Right } from '../../../domain/rights';
import type { Viewer } from '../../../domain/schemas/user';
import { P1, aViewer, admin, renderConsole } from '../harness';
import { reportDataProvider } from './reportHarness';

const REPORT_ENTRIES = [
  'Pass in wallet',
  'Registered at least once',
  'Downloads by tags',
  'Previews by tags',
  'Active cards',
  'Links',
  'Stamps and rewards',
];

async function reportsGroup(viewer: Viewer) {
  renderConsole({ path: '/', viewer, dataProvider: reportDataProvider({}).dataProvider });
  const menu = await screen.findByRole('navigation', { name: 'Open menu' });
  await waitFor(() => expect(menu).toHaveAttribute('aria-busy', 'false'));
  return {
    heading: within(menu).queryByText('Reports'),
    links: within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent ?? '')
      .filter((label) => REPORT_ENTRIES.includes(label)),
  };
}

describe('reports menu', () => {
  it('shows an admin the seven reports', async () => {
    const { heading, links } = await reportsGroup(admin);
    expect(heading).toBeInTheDocument();
    expect(links).toEqual(REPORT_ENTRIES);
  });

  it('shows the reports to a holder of PASS_READ on any project', async () => {
    const { links } = await reportsGroup(aViewer({ projects: { [P1]: Right.PASS_READ } }));
    expect(links).toEqual(REPORT_ENTRIES);
  });

  it('shows no Reports to a viewer without PASS_READ', async () => {
    const { heading, links } = await reportsGroup(
      aViewer({ projects: { [P1]: Right.TEMPLATE_READ | Right.PASS_CREATE } }),
    );
    expect(heading).not.toBeInTheDocument();
    expect(links).toEqual([]);
  });

  it('links each entry to its lower-case route', async () => {
    await reportsGroup(admin);
    const menu = screen.getByRole('navigation', { name: 'Open menu' });
    expect(within(menu).getByRole('link', { name: 'Links' })).toHaveAttribute('href', '/report/links');
    expect(within(menu).getByRole('link', { name: 'Pass in wallet' })).toHaveAttribute(
      'href',
      '/report/passinwalletoverview',
    );
  });
});
