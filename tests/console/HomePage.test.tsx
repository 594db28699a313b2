import { screen, waitFor, within } from '@testing-library/react';
import { Right } from '../../domain/rights';
import { P1, aViewer, admin, memoryDataProvider, renderConsole } from './harness';

const open = (viewer = admin) =>
  renderConsole({ path: '/', viewer, dataProvider: memoryDataProvider().dataProvider });

describe('home page', () => {
  it('describes the console and links to the API documentation', async () => {
    open();
    expect(await screen.findByText('An application to view, manage and report passes.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'API documentation' })[0]).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });

  it('shows an admin every section, identity management linking to projects and users', async () => {
    open();
    for (const title of [
      'Passes',
      'Templates',
      'Images',
      'Certificates',
      'Reports',
      'Documentation',
      'Identity management',
    ]) {
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    }
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/identity/user');
    expect(within(main).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/identity/project');
  });

  it('shows a pass reader passes and reports, not images, certificates or identity management', async () => {
    open(aViewer({ projects: { [P1]: Right.PASS_READ } }));
    expect(await screen.findByRole('heading', { name: 'Passes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    for (const title of ['Templates', 'Images', 'Certificates', 'Identity management']) {
      expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/contact technical support/)).not.toBeInTheDocument();
  });

  it('tells a user without projects to contact technical support', async () => {
    open(aViewer({ projects: {} }));
    await waitFor(() =>
      expect(
        screen.getByText(/You have no project yet. Please contact technical support at/),
      ).toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
  });
});
