import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../domain/rights';
import { P1, P2, aProject, admin, memoryDataProvider, renderConsole } from './harness';

const PUBLIC_ID = 'c36b6721-04d5-4dce-b1f2-4796d8fcc849';
const aClient = (overrides: Record<string, unknown> = {}) => ({
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Shop',
  clientId: 'client-abc',
  active: true,
  isPublic: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  ...overrides,
});

function open(path: string, seed = [aClient()]) {
  const data = memoryDataProvider({ apiClient: seed });
  const locations: string[] = [];
  renderConsole({
    path,
    viewer: admin,
    dataProvider: data.dataProvider,
    onLocation: (location) => locations.push(location.pathname),
  });
  return { ...data, locations };
}

describe('API client screens', () => {
  it('creates a public client with the client id the administrator chose, and shows no secret', async () => {
    const { provider, locations } = open('/identity/apiClient/create');
    await userEvent.type(await screen.findByLabelText(/Name/), 'Yourpass integration');
    await userEvent.type(screen.getByLabelText(/Client id/), PUBLIC_ID);
    await userEvent.click(screen.getByLabelText(/Public \(no secret\)/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.create).toHaveBeenCalled());
    expect(provider.create.mock.calls[0][1].data).toEqual(
      expect.objectContaining({
        name: 'Yourpass integration',
        clientId: PUBLIC_ID,
        isPublic: true,
        active: true,
      }),
    );
    await waitFor(() => expect(locations.at(-1)).toMatch(/^\/identity\/apiClient\/[\w-]+$/));
    expect(screen.queryByText('Client secret')).not.toBeInTheDocument();
  });

  it("refuses a name of spaces with the spec's message and creates nothing", async () => {
    const { provider } = open('/identity/apiClient/create');
    await userEvent.type(await screen.findByLabelText(/Name/), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please, fill this mandatory field: Name')).toBeInTheDocument();
    expect(provider.create).not.toHaveBeenCalled();
  });

  it('leaves the client id to the server when none is typed, and shows the new secret once', async () => {
    const { provider } = open('/identity/apiClient/create');
    provider.create.mockImplementationOnce(
      async (_resource: string, params: { data: Record<string, unknown> }) => ({
        data: aClient({
          ...params.data,
          id: '55555555-5555-4555-8555-555555555555',
          clientSecret: 's3cr3t-value',
        }),
      }),
    );
    await userEvent.type(await screen.findByLabelText(/Name/), 'Shop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByDisplayValue('s3cr3t-value')).toBeInTheDocument();
    expect(screen.getByText('Copy the client secret now: it will not be shown again.')).toBeInTheDocument();
    expect(provider.create.mock.calls[0][1].data.clientId).toBeUndefined();
  });

  it('refuses a client id outside the rule before asking the API', async () => {
    const { provider } = open('/identity/apiClient/create');
    await userEvent.type(await screen.findByLabelText(/Name/), 'Shop');
    await userEvent.type(screen.getByLabelText(/Client id/), 'with:colon');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/A client id has letters, digits/)).toBeInTheDocument();
    expect(provider.create).not.toHaveBeenCalled();
  });

  it('shows in the list whether a client is public', async () => {
    open('/identity/apiClient', [
      aClient(),
      aClient({ id: '66666666-6666-4666-8666-666666666666', name: 'Public one', isPublic: true }),
    ]);
    expect(await screen.findByText('Public one')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Public \(no secret\)/ })).toBeInTheDocument();
  });

  it("keeps a client's id and kind read-only on its page, and sends them back unchanged", async () => {
    const { provider } = open(`/identity/apiClient/${aClient().id}`, [
      aClient({ isPublic: true, clientId: PUBLIC_ID }),
    ]);
    const clientId = await screen.findByDisplayValue(PUBLIC_ID);
    expect(clientId).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Public \(no secret\)/)).toBeChecked();
    await userEvent.clear(screen.getByLabelText(/Name/));
    await userEvent.type(screen.getByLabelText(/Name/), 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toEqual(
      expect.objectContaining({ name: 'Renamed', clientId: PUBLIC_ID, isPublic: true }),
    );
  });

  describe('Projects tab', () => {
    const openProjects = async (client = aClient()) => {
      const data = memoryDataProvider({
        apiClient: [client],
        project: [aProject(), aProject({ id: P2, name: 'Second project' })],
        clientProjects: { [client.id as string]: { [P1]: Right.PASS_READ } },
      });
      renderConsole({
        path: `/identity/apiClient/${client.id}`,
        viewer: admin,
        dataProvider: data.dataProvider,
      });
      await userEvent.click(await screen.findByRole('tab', { name: 'Projects' }));
      return data.provider;
    };

    it("lists the client's projects with its rights in words", async () => {
      await openProjects();
      expect(
        await screen.findByText(
          'The projects this client acts on with grant_type=client_credentials, and its rights on each.',
        ),
      ).toBeInTheDocument();
      const rights = await screen.findByRole('spinbutton', { name: `Rights ${aProject().name}` });
      expect(rights).toHaveValue(Right.PASS_READ);
      expect(screen.getByText('Read passes and reports')).toBeInTheDocument();
    });

    it('adds a project, types its rights and saves the number', async () => {
      const provider = await openProjects();
      await screen.findByRole('spinbutton', { name: `Rights ${aProject().name}` });
      await userEvent.click(screen.getByRole('combobox', { name: 'Add project' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Second project' }));
      await userEvent.click(screen.getByRole('button', { name: 'Add project' }));
      const rights = await screen.findByRole('spinbutton', { name: 'Rights Second project' });
      expect(rights).toHaveValue(0);
      await userEvent.clear(rights);
      await userEvent.type(rights, String(Right.PASS_READ | Right.PASS_CREATE));
      await userEvent.click(screen.getByRole('button', { name: 'Save Second project' }));
      await waitFor(() =>
        expect(provider.setApiClientProjectRights).toHaveBeenCalledWith(
          aClient().id,
          P2,
          Right.PASS_READ | Right.PASS_CREATE,
        ),
      );
    });

    it('takes the client off a project', async () => {
      const provider = await openProjects();
      await screen.findByRole('spinbutton', { name: `Rights ${aProject().name}` });
      await userEvent.click(
        screen.getByRole('button', { name: `Remove from the project ${aProject().name}` }),
      );
      await waitFor(() =>
        expect(provider.setApiClientProjectRights).toHaveBeenCalledWith(aClient().id, P1, null),
      );
      await waitFor(() =>
        expect(
          screen.getByText('No project yet: the client can sign in but may do nothing.'),
        ).toBeInTheDocument(),
      );
    });

    it('says a public client holds no project rights', async () => {
      const provider = await openProjects(aClient({ isPublic: true }));
      expect(await screen.findByText(/A public client has no secret/)).toBeInTheDocument();
      expect(provider.getApiClientProjects).not.toHaveBeenCalled();
    });
  });
});
