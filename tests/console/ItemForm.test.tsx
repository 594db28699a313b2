import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../domain/rights';
import {
  P1,
  U1,
  aProject,
  aUser,
  aViewer,
  admin,
  manager,
  memoryDataProvider,
  renderConsole,
} from './harness';

function openUser(viewer = admin) {
  const data = memoryDataProvider({ user: [aUser()] });
  const locations: string[] = [];
  renderConsole({
    path: `/identity/user/${U1}`,
    viewer,
    dataProvider: data.dataProvider,
    onLocation: (location) => locations.push(location.pathname),
  });
  return { provider: data.provider, locations };
}

describe('item form', () => {
  afterEach(() => jest.restoreAllMocks());

  it('enables Save and Apply only once something changed', async () => {
    openUser();
    const name = await screen.findByLabelText('Name');
    const save = screen.getByRole('button', { name: 'Save' });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(save).toBeDisabled();
    expect(apply).toBeDisabled();
    await userEvent.type(name, ' Jr.');
    expect(save).toBeEnabled();
    expect(apply).toBeEnabled();
  });

  it('Apply trims name and e-mail, saves, stays, and disables the buttons again', async () => {
    const { provider, locations } = openUser();
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, '  Alice Cooper  ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({
      displayName: 'Alice Cooper',
      email: 'alice@example.com',
    });
    expect(await screen.findByText('Update success')).toBeInTheDocument();
    expect(screen.getByText(`User ${U1} was updated`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled());
    expect(locations[locations.length - 1]).toBe(`/identity/user/${U1}`);
  });

  it('Save updates and goes back to the list', async () => {
    const { provider, locations } = openUser();
    await userEvent.type(await screen.findByLabelText('Name'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    await waitFor(() => expect(locations[locations.length - 1]).toBe('/identity/user'));
  });

  it('notifies "Update {resource} {id} failure" with the message when the server refuses', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { provider } = openUser();
    provider.update.mockRejectedValueOnce(new Error('A user with the e-mail x already exists.'));
    await userEvent.type(await screen.findByLabelText('Name'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(`Update User ${U1} failure`)).toBeInTheDocument();
    expect(screen.getByText('A user with the e-mail x already exists.')).toBeInTheDocument();
  });

  it('keeps the admin flag and active read-only for a non-admin', async () => {
    openUser(aViewer({ projects: { [P1]: Right.USER_UPDATE } }));
    expect(await screen.findByLabelText('Administrator')).toBeDisabled();
    expect(screen.getByLabelText('Active')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows the admin flag read-only to an admin too (spec: read-only on the detail)', async () => {
    openUser();
    expect(await screen.findByLabelText('Administrator')).toBeDisabled();
    expect(screen.getByLabelText('Active')).toBeEnabled();
  });

  it('asks before leaving with unsaved changes and stays when the user cancels', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { locations } = openUser();
    await userEvent.type(await screen.findByLabelText('Name'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(locations[locations.length - 1]).toBe(`/identity/user/${U1}`);
    expect(screen.getByLabelText('Name')).toHaveValue('Alice Adams!');
  });

  it('leaves without asking when nothing changed', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { locations } = openUser();
    await screen.findByLabelText('Name');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(locations[locations.length - 1]).toBe('/identity/user'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before deleting, then deletes and returns to the list', async () => {
    const { provider, locations } = openUser();
    await screen.findByLabelText('Name');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Resource will be permanetly deleted. Are you sure?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(provider.delete).toHaveBeenCalled());
    expect(await screen.findByText('Delete success')).toBeInTheDocument();
    await waitFor(() => expect(locations[locations.length - 1]).toBe('/identity/user'));
  });

  it('shows a spinner, then the error box with the message when the item cannot be read', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const data = memoryDataProvider({ user: [] });
    renderConsole({ path: `/identity/user/${U1}`, viewer: admin, dataProvider: data.dataProvider });
    expect(await screen.findByText('We are sorry but something is broken')).toBeInTheDocument();
    expect(screen.getAllByText('Not found').length).toBeGreaterThan(0);
  });

  it('offers no Save or Apply on a project the viewer may not edit', async () => {
    const data = memoryDataProvider({ project: [aProject()] });
    renderConsole({
      path: `/identity/project/${P1}`,
      viewer: aViewer({ projects: { [P1]: Right.USER_UPDATE } }),
      dataProvider: data.dataProvider,
    });
    expect(await screen.findByDisplayValue('Acme')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('lets a holder of PROJECT_UPDATE save the project details', async () => {
    const data = memoryDataProvider({ project: [aProject()] });
    renderConsole({ path: `/identity/project/${P1}`, viewer: manager, dataProvider: data.dataProvider });
    const name = await screen.findByDisplayValue('Acme');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(name, ' Corp');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(data.provider.update.mock.calls[0][1].data).toMatchObject({ name: 'Acme Corp', parentId: null }),
    );
  });
});
