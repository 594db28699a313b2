import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import type { ImageType } from '../../domain/template/limits';
import { ImagePicker } from '../../src/resources/images/ImagePicker';
import { P1, P2, aProject, aViewer, admin, memoryDataProvider } from './harness';
import { pngFile } from './imageFiles';
import { anImage } from './imageFixtures';
import { renderInAdmin } from './renderInAdmin';

function openPicker(viewer: Viewer = admin, images = 100, type: ImageType = 'logo') {
  const data = memoryDataProvider({ project: [aProject({ id: P1, name: 'Acme' })] });
  data.tables.image = [
    ...Array.from({ length: images }, (_, index) => anImage(index + 1)),
    anImage(500, { name: 'Icon of Acme', type: 'icon', width: 58, height: 58 }),
    anImage(501, { name: 'Logo of Kids', projectId: P2 }),
  ];
  const onSelect = jest.fn();
  const onClose = jest.fn();
  renderInAdmin(<ImagePicker open projectId={P1} type={type} onSelect={onSelect} onClose={onClose} />, {
    viewer,
    dataProvider: data.dataProvider,
  });
  return { ...data, onSelect, onClose };
}

/** Scrolls the grid to its bottom, as a user does (jsdom lays nothing out: the sizes are given). */
function scrollToBottom(grid: HTMLElement) {
  Object.defineProperty(grid, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(grid, 'clientHeight', { configurable: true, value: 600 });
  grid.scrollTop = 1400;
  fireEvent.scroll(grid);
}

const tiles = (dialog: HTMLElement) => within(dialog).queryAllByRole('button', { name: /^Logo \d+$/ });

describe('image picker', () => {
  it("shows 42 of the project's images of the type, and 42 more on scrolling to the bottom", async () => {
    const { provider } = openPicker();
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image: Logo' });
    await waitFor(() => expect(tiles(dialog)).toHaveLength(42));
    expect(provider.getList).toHaveBeenCalledTimes(1);
    expect(provider.getList.mock.calls[0]).toEqual([
      'passes/image',
      expect.objectContaining({
        filter: { projectId: P1, type: 'logo' },
        pagination: { page: 1, perPage: 42 },
      }),
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Icon of Acme' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Logo of Kids' })).not.toBeInTheDocument();

    scrollToBottom(screen.getByTestId('image-picker-grid'));
    await waitFor(() => expect(tiles(dialog)).toHaveLength(84));
    expect(provider.getList.mock.calls[1][1]).toMatchObject({ pagination: { page: 2, perPage: 42 } });

    scrollToBottom(screen.getByTestId('image-picker-grid'));
    await waitFor(() => expect(tiles(dialog)).toHaveLength(100));
    expect(provider.getList.mock.calls[2][1]).toMatchObject({ pagination: { page: 3, perPage: 42 } });
  });

  it('reports the image the user clicks', async () => {
    const { onSelect } = openPicker(admin, 3);
    await userEvent.click(await screen.findByRole('button', { name: 'Logo 2' }));
    expect(onSelect).toHaveBeenCalledWith(anImage(2).id);
  });

  it('offers Upload only to viewers who manage images of the project', async () => {
    openPicker(aViewer({ projects: { [P1]: Right.TEMPLATE_UPDATE } }), 3);
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image: Logo' });
    await waitFor(() => expect(tiles(dialog)).toHaveLength(3));
    expect(within(dialog).queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('uploads into the project and type of the picker, and selects the uploaded image', async () => {
    const viewer = aViewer({ projects: { [P1]: Right.IMAGE_MANAGE | Right.TEMPLATE_UPDATE } });
    const { provider, onSelect } = openPicker(viewer, 3);
    const picker = await screen.findByRole('dialog', { name: 'Choose an image: Logo' });
    await userEvent.click(await within(picker).findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload image' });
    const upload = await within(dialog).findByRole('button', { name: 'Upload' });
    expect(within(dialog).getByRole('combobox', { name: /Project/ })).toHaveTextContent('Acme');
    expect(within(dialog).getByRole('combobox', { name: /Type/ })).toHaveTextContent('Logo');
    await userEvent.upload(
      within(dialog).getByLabelText('Choose PNG file'),
      pngFile('new-logo.png', 300, 100),
    );
    await waitFor(() => expect(upload).toBeEnabled());
    await userEvent.click(upload);

    await waitFor(() => expect(onSelect).toHaveBeenCalled());
    const created = provider.create.mock.results[0].value as Promise<{ data: { id: string } }>;
    expect(onSelect).toHaveBeenCalledWith((await created).data.id);
    expect(provider.create.mock.calls[0][1].data).toMatchObject({ projectId: P1, type: 'logo' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload image' })).not.toBeInTheDocument(),
    );
  });
});
