import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../domain/rights';
import { P1, P2, aProject, aViewer, admin, manager, memoryDataProvider, renderConsole } from './harness';

const projects = () => [
  aProject({ id: P1, name: 'Acme' }),
  aProject({ id: P2, name: 'Acme Kids', parentId: P1, active: false }),
];

function openList(viewer = admin, path = '/identity/project') {
  const data = memoryDataProvider({ project: projects() });
  const locations: string[] = [];
  renderConsole({
    path,
    viewer,
    dataProvider: data.dataProvider,
    onLocation: (l) => locations.push(l.pathname),
  });
  return { ...data, locations };
}

describe('project list', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows name, parent by name and active, 20 per page sorted by last change', async () => {
    const { provider } = openList();
    const row = (await screen.findByText('Acme Kids')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Acme')).toBeInTheDocument();
    expect(provider.getList.mock.calls[0][1]).toMatchObject({
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'updatedAt', order: 'DESC' },
    });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Parent/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Active/ })).toBeInTheDocument();
  });

  it('filters by name and goes back to page 1', async () => {
    const { provider } = openList(admin, '/identity/project?page=2&perPage=5');
    await waitFor(() => expect(provider.getList).toHaveBeenCalled());
    expect(provider.getList.mock.calls[0][1]).toMatchObject({ pagination: { page: 2, perPage: 5 } });
    // the filters come with the first rows
    await userEvent.type(await screen.findByLabelText('Name'), 'kids');
    await waitFor(() =>
      expect(provider.getList.mock.calls[provider.getList.mock.calls.length - 1][1]).toMatchObject({
        filter: { name: 'kids' },
        pagination: { page: 1, perPage: 5 },
      }),
    );
  });

  it('offers page sizes 5, 10, 20, 50 and 100', async () => {
    openList();
    await screen.findByText('Acme Kids');
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '20', '50', '100']);
  });

  it('warns before exporting more than 1000 items', async () => {
    const data = memoryDataProvider({ project: projects() });
    data.provider.getList.mockResolvedValue({ data: projects(), total: 1500 });
    renderConsole({ path: '/identity/project', viewer: admin, dataProvider: data.dataProvider });
    expect(await screen.findByText(/of 1500/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(/may take long or crash the browser/)).toBeInTheDocument();
  });

  it('goes to the error page and names the list when it cannot load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const data = memoryDataProvider({ project: projects() });
    data.provider.getList.mockRejectedValue(new HttpError('Database unavailable', 503, {}));
    const locations: string[] = [];
    renderConsole({
      path: '/identity/project',
      viewer: admin,
      dataProvider: data.dataProvider,
      onLocation: (l) => locations.push(l.pathname),
    });
    expect(await screen.findByText('List of "Projects" fetch failure.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await waitFor(() => expect(locations[locations.length - 1]).toBe('/error/503'));
  });

  it('activates the selected projects with a batch of PUT items', async () => {
    const { provider } = openList();
    await screen.findByText('Acme Kids');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(provider.batch).toHaveBeenCalled());
    expect(provider.batch.mock.calls[0]).toEqual([
      'identity/project',
      expect.arrayContaining([
        { method: 'PUT', id: P2, data: { name: 'Acme Kids', description: null, active: true, parentId: P1 } },
      ]),
    ]);
    expect(await screen.findByText('Batch saving of projects done')).toBeInTheDocument();
  });

  it('hides the bulk actions and New from a viewer who may not update or create projects', async () => {
    openList(aViewer({ projects: { [P1]: Right.USER_UPDATE } }));
    await screen.findByText('Acme');
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
  });
});

describe('new project modal', () => {
  it('needs a name, then creates the project and opens it', async () => {
    const { provider, locations } = openList(admin, '/identity/project/create');
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    const create = await within(dialog).findByRole('button', { name: 'Create' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), '   ');
    await userEvent.click(create);
    expect(await within(dialog).findByText('Please, fill this mandatory field: Name')).toBeInTheDocument();
    expect(provider.create).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Zeta');
    await userEvent.click(create);
    await waitFor(() => expect(provider.create).toHaveBeenCalled());
    expect(provider.create.mock.calls[0][1].data).toMatchObject({ name: '   Zeta', parentId: null });
    await waitFor(() => expect(locations[locations.length - 1]).toMatch(/^\/identity\/project\/0{8}-/));
  });

  it('lets a non-admin create only under a project where they hold PROJECT_CREATE', async () => {
    const viewer = aViewer({ projects: { [P1]: Right.PROJECT_CREATE, [P2]: Right.PROJECT_UPDATE } });
    openList(viewer, '/identity/project/create');
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /Parent/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Acme']);
  });

  it('is closed to a viewer without PROJECT_CREATE anywhere', async () => {
    openList(manager, '/identity/project/create');
    expect(await screen.findByText('Forbidden: Access is denied')).toBeInTheDocument();
  });
});

describe('project page', () => {
  it('offers Save on a project the viewer may update, and not on another one they only read', async () => {
    const viewer = aViewer({ projects: { [P1]: Right.PROJECT_UPDATE, [P2]: Right.USER_UPDATE } });
    openList(viewer, `/identity/project/${P2}`);
    expect(await screen.findByRole('textbox', { name: /Name/ })).toHaveValue('Acme Kids');
    expect(await screen.findByText('User rights')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('readonly');
  });

  it('offers Save, and no Delete, to a viewer who may update the project', async () => {
    const viewer = aViewer({ projects: { [P1]: Right.PROJECT_UPDATE, [P2]: Right.USER_UPDATE } });
    openList(viewer, `/identity/project/${P1}`);
    expect(await screen.findByRole('textbox', { name: /Name/ })).toHaveValue('Acme');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByText('User rights')).not.toBeInTheDocument();
  });
});

describe('breadcrumb', () => {
  it('names the project of an id segment', async () => {
    openList(admin, `/identity/project/${P2}`);
    const breadcrumb = await screen.findByRole('navigation', { name: 'breadcrumb' });
    expect(within(breadcrumb).getByText('Identity')).toBeInTheDocument();
    expect(within(breadcrumb).getByRole('link', { name: 'Projects' })).toHaveAttribute(
      'href',
      '/identity/project',
    );
    expect(await within(breadcrumb).findByText('Acme Kids')).toBeInTheDocument();
  });
});
