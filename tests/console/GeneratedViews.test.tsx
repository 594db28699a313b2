import { Type } from '@sinclair/typebox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMINS_ONLY, defineResource } from '../../domain/resource';
import { EntityFields, Uuid } from '../../domain/schemas/common';
import type { Viewer } from '../../domain/schemas/user';
import { P1, aViewer, admin } from './harness';
import { renderGenerated } from './renderGenerated';

jest.setTimeout(30_000);

const GadgetSchema = Type.Object({
  ...EntityFields,
  name: Type.String({ minLength: 1, maxLength: 20 }),
  projectId: Uuid(),
  size: Type.Integer({ minimum: 1 }),
  color: Type.Union([Type.Literal('red'), Type.Literal('blue')]),
  active: Type.Boolean(),
  /** given by the server, never written */
  serial: Type.String(),
});
const GadgetWriteSchema = Type.Object(
  {
    name: GadgetSchema.properties.name,
    projectId: GadgetSchema.properties.projectId,
    size: Type.Optional(GadgetSchema.properties.size),
    color: Type.Optional(GadgetSchema.properties.color),
    active: Type.Optional(GadgetSchema.properties.active),
  },
  { additionalProperties: false },
);

/** A resource declared with no view of its own. */
const gadgetResource = defineResource({
  name: 'gadget',
  api: 'core',
  route: 'test/gadget',
  schema: GadgetSchema,
  createSchema: GadgetWriteSchema,
  updateSchema: GadgetWriteSchema,
  project: 'projectId',
  access: ADMINS_ONLY,
  representation: 'name',
  filter: ['name', 'active', 'projectId', 'createdAt'],
  sort: ['name', 'size', 'createdAt', 'updatedAt'],
});

const GADGET_ID = '77777777-7777-4777-8777-777777777777';
const aGadget = {
  id: GADGET_ID,
  name: 'Lamp',
  projectId: P1,
  size: 3,
  color: 'red',
  active: true,
  serial: 'G-0001',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
};

function open(path: string, viewer: Viewer = admin) {
  return renderGenerated({ path, viewer, descriptor: gadgetResource, row: aGadget });
}

describe('views generated from a declaration', () => {
  it('lists the rows with the representation first, columns from the schema and filters by kind', async () => {
    open('/test/gadget');
    const row = (await screen.findByText('Lamp')).closest('tr') as HTMLElement;
    expect(within(row).getByText('G-0001')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(await within(row).findByText('Acme')).toBeInTheDocument();
    const headers = screen
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
      .filter(Boolean);
    expect(headers[0]).toBe('Name');
    expect(headers).toEqual(expect.arrayContaining(['Size', 'Color', 'Active', 'Serial', 'Project']));
    // no JSON documents, no deletedAt
    expect(headers).not.toContain('Deleted at');
    // the filters come right after the first rows
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Active' })).toBeInTheDocument();
    expect(screen.getByLabelText('Created at ≥')).toBeInTheDocument();
    expect(screen.getByLabelText('Created at ≤')).toBeInTheDocument();
  });

  it('creates from the create schema in the first project, with the spec messages for what is missing or wrong', async () => {
    const { provider } = open('/test/gadget/create');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('spinbutton', { name: 'Size' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Serial' })).not.toBeInTheDocument();
    await userEvent.type(name, '   ');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Size' }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please, fill this mandatory field: Name')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Project/ })).toHaveTextContent('Acme');
    expect(screen.queryByText('Please, fill this mandatory field: Project')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a correct value (must be at least 1)')).toBeInTheDocument();
    expect(await screen.findByText('Some fields are required!')).toBeInTheDocument();
    expect(provider.create).not.toHaveBeenCalled();
  });

  it('lets an admin write a new item as JSON of the create schema, which the form then saves', async () => {
    const { provider } = open('/test/gadget/create');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('tab', { name: 'History' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    const json = screen.getByRole('textbox', { name: 'JSON' });
    await userEvent.clear(json);
    await userEvent.paste(JSON.stringify({ name: 'Desk', projectId: P1, size: 2, color: 'blue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.create).toHaveBeenCalled());
    expect(provider.create.mock.calls[0][1].data).toMatchObject({ name: 'Desk', size: 2, color: 'blue' });
  });

  it('opens an item with its values, read-only fields, JSON for admins and History', async () => {
    const { history } = open(`/test/gadget/${GADGET_ID}`);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Lamp');
    expect(screen.getByRole('spinbutton', { name: 'Size' })).toHaveValue(3);
    expect(screen.getByRole('textbox', { name: 'Serial' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('readonly');

    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    const json = screen.getByRole('textbox', { name: 'JSON' });
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual({
      name: 'Lamp',
      projectId: P1,
      size: 3,
      color: 'red',
      active: true,
    });
    await userEvent.clear(json);
    await userEvent.paste(JSON.stringify({ name: 'Lamp', projectId: P1, size: 0, color: 'green' }));
    expect(
      await screen.findByText(
        '/size: Please enter a correct value (must be at least 1) · /color: Please enter a correct value (must be one of the offered values)',
      ),
    ).toBeInTheDocument();

    expect(history).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    expect(history).toHaveBeenCalledWith('test/gadget', { id: GADGET_ID, page: 1, perPage: 25 });
  });

  it('gives no JSON tab to a viewer who is not an admin, but History still', async () => {
    open(`/test/gadget/${GADGET_ID}`, aViewer({ projects: { [P1]: 0 } }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Lamp');
    expect(screen.getByRole('tab', { name: 'History' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'JSON' })).not.toBeInTheDocument();
  });

  it('saves an edited value through the update, and announces a refused save after it', async () => {
    const { provider } = open(`/test/gadget/${GADGET_ID}`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Desk lamp');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({ name: 'Desk lamp', size: 3 });
    // a refused save after a successful one (the form was reset) is announced as well
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Some fields are required!')).toBeInTheDocument();
    expect(provider.update).toHaveBeenCalledTimes(1);
  });

  it('refuses to save a blank mandatory field of an item, in the spec words', async () => {
    const { provider } = open(`/test/gadget/${GADGET_ID}`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, '  ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please, fill this mandatory field: Name')).toBeInTheDocument();
    expect(await screen.findByText('Some fields are required!')).toBeInTheDocument();
    expect(provider.update).not.toHaveBeenCalled();
  });
});
