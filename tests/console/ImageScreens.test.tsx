import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import { P1, P2, aProject, aViewer, admin, memoryDataProvider, renderConsole } from './harness';
import { anImage } from './imageFixtures';

const LOGO = anImage(1, { name: 'Acme logo', fileSize: 1536 });
const ICON = anImage(2, {
  name: 'Kids icon',
  type: 'icon',
  projectId: P2,
  width: 58,
  height: 58,
  fileSize: 2097152,
});

function open(path: string, viewer: Viewer = admin, images = [LOGO, ICON]) {
  const data = memoryDataProvider({
    project: [aProject({ id: P1, name: 'Acme' }), aProject({ id: P2, name: 'Acme Kids' })],
  });
  data.tables.image = images.map((image) => ({ ...image }));
  const locations: string[] = [];
  renderConsole({
    path,
    viewer,
    dataProvider: data.dataProvider,
    onLocation: (location) => locations.push(location.pathname),
  });
  return { ...data, locations };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('image list', () => {
  it('shows project, name, type, readable file size, dimension and the public address', async () => {
    open('/passes/image');
    const row = await rowOf('Acme logo');
    for (const header of ['Project', 'Name', 'Type', 'File size', 'Dimension', 'Updated']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    expect(await within(row).findByText('Acme')).toBeInTheDocument();
    expect(within(row).getByText('Logo')).toBeInTheDocument();
    expect(within(row).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(row).getByText('200 x 100')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open public URL' })).toHaveAttribute('href', LOGO.url);
    expect(within(row).getByRole('link', { name: 'Open public URL' })).toHaveAttribute('target', '_blank');
    const iconRow = await rowOf('Kids icon');
    expect(within(iconRow).getByText('2 MB')).toBeInTheDocument();
    expect(within(iconRow).getByText('58 x 58')).toBeInTheDocument();
  });

  it('shows its column headers and a line saying there is nothing when there are no images', async () => {
    open('/passes/image', admin, []);
    expect(await screen.findByText('No Images found')).toBeInTheDocument();
    for (const header of ['Project', 'Name', 'Type', 'File size', 'Dimension', 'Updated', 'Actions'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
  });

  it('shows the raw record', async () => {
    open('/passes/image');
    const row = await rowOf('Acme logo');
    await userEvent.click(within(row).getByRole('button', { name: 'Raw view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raw view' });
    expect(dialog).toHaveTextContent(`"id": "${LOGO.id}"`);
  });

  it('filters by project, type and name', async () => {
    const { provider } = open('/passes/image');
    await rowOf('Acme logo');
    // the filters come right after the first rows
    await userEvent.click(await screen.findByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Icon' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'kids');
    await waitFor(() =>
      expect(provider.getList.mock.calls[provider.getList.mock.calls.length - 1][1]).toMatchObject({
        filter: { type: 'icon', name: 'kids' },
        pagination: { page: 1 },
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Project' })).toBeInTheDocument();
  });

  it('gives admins the edit link', async () => {
    open('/passes/image');
    expect(await within(await rowOf('Acme logo')).findByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('gives image managers New but no edit link', async () => {
    open('/passes/image', aViewer({ projects: { [P1]: Right.IMAGE_MANAGE } }));
    const row = await rowOf('Acme logo');
    expect(within(row).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'New' })).toBeInTheDocument();
  });

  it('hides New from template readers', async () => {
    open('/passes/image', aViewer({ projects: { [P1]: Right.TEMPLATE_READ } }));
    await rowOf('Acme logo');
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
  });

  it('opens the upload dialog from New and reads the list again when it closes', async () => {
    const { provider, locations } = open('/passes/image');
    await rowOf('Acme logo');
    await userEvent.click(screen.getByRole('link', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload image' });
    const calls = provider.getList.mock.calls.filter(([resource]) => resource === 'passes/image').length;
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(locations[locations.length - 1]).toBe('/passes/image'));
    await waitFor(() =>
      expect(
        provider.getList.mock.calls.filter(([resource]) => resource === 'passes/image').length,
      ).toBeGreaterThan(calls),
    );
  });
});

describe('image page', () => {
  it('shows id and project read-only, the size and a preview; renames the image', async () => {
    const { provider } = open(`/passes/image/${LOGO.id}`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('textbox', { name: 'Id' })).toHaveAttribute('readonly');
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(screen.getByText('Logo, 200 x 100 px, 1.5 KB')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme logo' })).toHaveAttribute('src', LOGO.url);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme logo 2');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1]).toMatchObject({ id: LOGO.id, data: { name: 'Acme logo 2' } });
    expect(await screen.findByText('Update success')).toBeInTheDocument();
  });

  it('is read-only to a viewer who does not manage images of its project', async () => {
    open(
      `/passes/image/${LOGO.id}`,
      aViewer({ projects: { [P1]: Right.TEMPLATE_READ, [P2]: Right.IMAGE_MANAGE } }),
    );
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
