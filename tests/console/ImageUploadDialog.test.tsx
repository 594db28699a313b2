import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import { P1, P2, aProject, aViewer, memoryDataProvider, renderConsole } from './harness';
import { gifFile, pngFile } from './imageFiles';

const imageManager = aViewer({ projects: { [P1]: Right.IMAGE_MANAGE, [P2]: Right.TEMPLATE_READ } });

function openUploadDialog(viewer: Viewer = imageManager) {
  const data = memoryDataProvider({
    project: [aProject({ id: P1, name: 'Acme' }), aProject({ id: P2, name: 'Acme Kids' })],
  });
  const locations: string[] = [];
  renderConsole({
    path: '/passes/image/create',
    viewer,
    dataProvider: data.dataProvider,
    onLocation: (location) => locations.push(location.pathname),
  });
  return { ...data, locations };
}

async function dialogParts() {
  const dialog = await screen.findByRole('dialog', { name: 'Upload image' });
  return {
    dialog,
    upload: await within(dialog).findByRole('button', { name: 'Upload' }),
    fileInput: within(dialog).getByLabelText('Choose PNG file'),
  };
}

async function chooseType(dialog: HTMLElement, label: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: /Type/ }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

describe('image upload dialog', () => {
  afterEach(() => jest.restoreAllMocks());

  it('enables Upload only once a type is set and a valid PNG is chosen, then uploads it', async () => {
    const { provider, locations } = openUploadDialog();
    const { dialog, upload, fileInput } = await dialogParts();
    expect(within(dialog).getByText('No file chosen')).toBeInTheDocument();
    expect(upload).toBeDisabled();

    await userEvent.upload(fileInput, pngFile('logo.png', 200, 100));
    expect(await within(dialog).findByText('PNG of 200 x 100 px, ready to upload.')).toBeInTheDocument();
    expect(upload).toBeDisabled();

    await chooseType(dialog, 'Logo');
    await waitFor(() => expect(upload).toBeEnabled());
    await userEvent.click(upload);

    await waitFor(() => expect(provider.create).toHaveBeenCalled());
    expect(provider.create.mock.calls[0][0]).toBe('passes/image');
    expect(provider.create.mock.calls[0][1].data).toMatchObject({ projectId: P1, type: 'logo', name: '' });
    expect((provider.create.mock.calls[0][1].data as { file: File }).file.name).toBe('logo.png');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload image' })).not.toBeInTheDocument(),
    );
    expect(locations[locations.length - 1]).toBe('/passes/image');
  });

  it('offers only the projects where the viewer manages images, the first one chosen', async () => {
    openUploadDialog();
    const { dialog } = await dialogParts();
    const project = within(dialog).getByRole('combobox', { name: /Project/ });
    expect(project).toHaveTextContent('Acme');
    await userEvent.click(project);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Acme']);
  });

  it('refuses a GIF by its content with the message of the spec', async () => {
    openUploadDialog();
    const { dialog, upload, fileInput } = await dialogParts();
    await chooseType(dialog, 'Logo');
    // A user who switched the file chooser to "All files".
    await userEvent.setup({ applyAccept: false }).upload(fileInput, gifFile('animation.gif'));
    expect(await within(dialog).findByText('Invalid data')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Unsupported file format image/gif of file animation.gif, please use png.'),
    ).toBeInTheDocument();
    expect(upload).toBeDisabled();
  });

  it('refuses a 58 x 57 icon, stating the expected and the current height', async () => {
    openUploadDialog();
    const { dialog, upload, fileInput } = await dialogParts();
    await chooseType(dialog, 'Icon');
    await userEvent.upload(fileInput, pngFile('icon.png', 58, 57));
    expect(await within(dialog).findByText('Invalid data')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Height must be exactly 58 px, current value is 57 px.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/Width must be/)).not.toBeInTheDocument();
    expect(upload).toBeDisabled();
  });

  it('checks the size again when the type changes', async () => {
    openUploadDialog();
    const { dialog, upload, fileInput } = await dialogParts();
    await chooseType(dialog, 'Icon');
    await userEvent.upload(fileInput, pngFile('logo.png', 200, 100));
    expect(
      await within(dialog).findByText('Width must be exactly 58 px, current value is 200 px.'),
    ).toBeInTheDocument();
    await chooseType(dialog, 'Logo');
    expect(await within(dialog).findByText('PNG of 200 x 100 px, ready to upload.')).toBeInTheDocument();
    await waitFor(() => expect(upload).toBeEnabled());
  });

  it('refuses a file above 2 MB', async () => {
    const { provider } = openUploadDialog();
    const { dialog, upload, fileInput } = await dialogParts();
    await chooseType(dialog, 'Logo');
    await userEvent.upload(fileInput, pngFile('big.png', 200, 100, 3 * 1024 * 1024));
    expect(
      await within(dialog).findByText(
        'File big.png has 3 MB; an image may have at most 2 MB (2097152 bytes).',
      ),
    ).toBeInTheDocument();
    expect(upload).toBeDisabled();
    expect(provider.create).not.toHaveBeenCalled();
  });

  it("lists the server's reasons when it refuses the upload", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { provider } = openUploadDialog();
    const reason = 'Height must be exactly 100 px, current value is 99 px.';
    provider.create.mockRejectedValueOnce(
      new HttpError('The image does not fit a logo', 400, { errors: [{ path: '/file', message: reason }] }),
    );
    const { dialog, upload, fileInput } = await dialogParts();
    await chooseType(dialog, 'Logo');
    await userEvent.upload(fileInput, pngFile('logo.png', 200, 100));
    await waitFor(() => expect(upload).toBeEnabled());
    await userEvent.click(upload);
    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid data')).toBeInTheDocument();
    expect(upload).toBeDisabled();
  });

  it('is closed to a viewer who does not manage images', async () => {
    openUploadDialog(aViewer({ projects: { [P1]: Right.TEMPLATE_READ } }));
    expect(await screen.findByText('Forbidden: Access is denied')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Upload image' })).not.toBeInTheDocument();
  });
});
