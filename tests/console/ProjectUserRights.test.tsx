import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../domain/rights';
import { P1, U1, U2, aProject, aUser, aViewer, manager, memoryDataProvider, renderConsole } from './harness';

function openProject(viewer = manager) {
  const data = memoryDataProvider({
    project: [aProject({ users: { [U1]: Right.PASS_READ } })],
    user: [aUser(), aUser({ id: U2, displayName: 'Bob Brown', email: 'bob@example.com' })],
  });
  renderConsole({ path: `/identity/project/${P1}`, viewer, dataProvider: data.dataProvider });
  return data.provider;
}

const rightsOf = (email: string) => screen.getByRole('spinbutton', { name: `Rights ${email}` });

async function addByEmail(email: string) {
  await userEvent.type(await screen.findByLabelText('E-mail of a user to add'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
}

describe('project user rights', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the members by name and e-mail with their rights', async () => {
    openProject();
    expect(await screen.findByText('Alice Adams')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(rightsOf('alice@example.com')).toHaveValue(Right.PASS_READ);
    expect(screen.getByText('Read passes and reports')).toBeInTheDocument();
    expect(screen.queryByText('PASS_READ')).not.toBeInTheDocument();
  });

  it('names the rights being typed in words, a bare membership included', async () => {
    openProject();
    await screen.findByText('Alice Adams');
    await userEvent.clear(rightsOf('alice@example.com'));
    await userEvent.type(rightsOf('alice@example.com'), '0');
    expect(screen.getByText('Project access only')).toBeInTheDocument();
    await userEvent.type(rightsOf('alice@example.com'), '{backspace}512');
    expect(screen.getByText('Record ticket entries')).toBeInTheDocument();
    expect(screen.queryByText(/512/)).not.toBeInTheDocument();
  });

  it('says inline that an unknown e-mail has no user', async () => {
    const provider = openProject();
    await addByEmail('nobody@example.com');
    expect(await screen.findByText('User with email: nobody@example.com was not found.')).toBeInTheDocument();
    expect(provider.getUserByEmail).toHaveBeenCalledWith('nobody@example.com');
    expect(provider.setProjectUserRights).not.toHaveBeenCalled();
  });

  it('adds a user found by e-mail with rights 0, edits them with the checkbox modal and saves the number', async () => {
    const provider = openProject();
    await screen.findByText('Alice Adams');
    await addByEmail('bob@example.com');
    expect(await screen.findByText('Bob Brown')).toBeInTheDocument();
    expect(rightsOf('bob@example.com')).toHaveValue(0);

    await userEvent.click(screen.getByRole('button', { name: 'Edit rights bob@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rights of Bob Brown' });
    await userEvent.click(within(dialog).getByLabelText('Read passes and reports'));
    await userEvent.click(within(dialog).getByLabelText('Update passes'));
    expect(within(dialog).getByRole('spinbutton', { name: 'Rights' })).toHaveValue(6);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(rightsOf('bob@example.com')).toHaveValue(6);

    await userEvent.click(screen.getByRole('button', { name: 'Save bob@example.com' }));
    await waitFor(() => expect(provider.setProjectUserRights).toHaveBeenCalledWith(P1, U2, 6));
    expect(await screen.findByText('Rights saved')).toBeInTheDocument();
    expect(
      screen.getByText('Rights of Bob Brown on the project are Read passes and reports, Update passes.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save bob@example.com' })).toBeDisabled());
  });

  it('names every right as people read it, with the API constant as a hint', async () => {
    openProject();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit rights alice@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: /^Rights of/ });
    expect(within(dialog).getByLabelText('Read passes and reports')).toBeChecked();
    expect(within(dialog).getByLabelText('Create passes')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Manage ticket products')).not.toBeChecked();
    expect(within(dialog).getByTitle('TICKET_PRODUCT_MANAGE')).toHaveTextContent('Manage ticket products');
    expect(within(dialog).queryByText('PASS_CREATE')).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(17);
  });

  it('saves rights typed as a number, and enables Save only when they changed', async () => {
    const provider = openProject();
    await screen.findByText('Alice Adams');
    const save = screen.getByRole('button', { name: 'Save alice@example.com' });
    expect(save).toBeDisabled();
    await userEvent.clear(rightsOf('alice@example.com'));
    await userEvent.type(rightsOf('alice@example.com'), '34');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(provider.setProjectUserRights).toHaveBeenCalledWith(P1, U1, 34));
  });

  it('removes a member by saving null', async () => {
    const provider = openProject();
    await screen.findByText('Alice Adams');
    await userEvent.click(screen.getByRole('button', { name: 'Remove alice@example.com' }));
    await waitFor(() => expect(provider.setProjectUserRights).toHaveBeenCalledWith(P1, U1, null));
    await waitFor(() => expect(screen.queryByText('Alice Adams')).not.toBeInTheDocument());
    expect(screen.getByText('No users on this project yet.')).toBeInTheDocument();
  });

  it('notifies "Error {status}" with the message when saving fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls
    const provider = openProject();
    provider.setProjectUserRights.mockRejectedValueOnce(
      new HttpError('Managing users needs USER_UPDATE on the project.', 403, {}),
    );
    await screen.findByText('Alice Adams');
    await userEvent.click(screen.getByRole('button', { name: 'Remove alice@example.com' }));
    expect(await screen.findByText('Error 403')).toBeInTheDocument();
    expect(screen.getByText('Managing users needs USER_UPDATE on the project.')).toBeInTheDocument();
  });

  it('is not shown to a viewer without USER_UPDATE on the project', async () => {
    openProject(aViewer({ projects: { [P1]: Right.PROJECT_UPDATE } }));
    expect(await screen.findByDisplayValue('Acme')).toBeInTheDocument();
    expect(screen.queryByText('User rights')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail of a user to add')).not.toBeInTheDocument();
  });
});
