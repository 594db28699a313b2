import { Type } from '@sinclair/typebox';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldValues } from 'react-hook-form';
import { ADMINS_ONLY, defineResource } from '../../domain/resource';
import { EntityFields, Uuid } from '../../domain/schemas/common';
import type { Viewer } from '../../domain/schemas/user';
import type { Widgets } from '../../src/common/generated/widgets';
import { P1, aViewer, admin } from './harness';
import { renderGenerated } from './renderGenerated';

jest.setTimeout(30_000);

const OwnerSchema = Type.Object(
  { legalName: Type.Optional(Type.String()), vatPayer: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
const ShelfSchema = Type.Object({
  ...EntityFields,
  name: Type.String({ minLength: 1 }),
  projectId: Uuid(),
  code: Type.String({ pattern: '^[0-9]+$' }),
  owner: OwnerSchema,
  /** given by the server, never written */
  serial: Type.String(),
});
const ShelfWriteSchema = Type.Object(
  {
    name: ShelfSchema.properties.name,
    projectId: ShelfSchema.properties.projectId,
    code: Type.Optional(ShelfSchema.properties.code),
    owner: Type.Optional(OwnerSchema),
  },
  { additionalProperties: false },
);

/** A resource whose pages are tabs: nested fields, help, widgets, an admins' tab, a named transform and checks. */
const shelfResource = defineResource({
  name: 'shelf',
  api: 'core',
  route: 'test/shelf',
  schema: ShelfSchema,
  createSchema: ShelfWriteSchema,
  updateSchema: ShelfWriteSchema,
  project: 'projectId',
  access: ADMINS_ONLY,
  representation: 'name',
  filter: ['name'],
  sort: ['name', 'updatedAt'],
  ui: {
    tabs: [
      {
        key: 'basic',
        label: 'app.ticket.tab.basic',
        before: 'banner',
        fields: [
          'name',
          'projectId',
          {
            field: 'code',
            helper: 'app.ticket.eshop.orderPrefixHelp',
            createHelper: 'app.ticket.eshop.orderPrefixNewHelp',
          },
        ],
      },
      {
        key: 'seller',
        label: 'app.ticket.tab.seller',
        help: 'app.ticket.eshop.sellerHelp',
        fields: ['owner.legalName', { field: 'owner.vatPayer', hiddenWhenEmpty: true }],
      },
      { key: 'raw', label: 'app.ticket.tab.raw', fields: ['serial'] },
      { key: 'wysiwyg', label: 'app.ticket.tab.wysiwyg', widget: 'secret', adminOnly: true, lazy: true },
    ],
    above: ['note'],
    trim: ['code'],
    transform: 'shout',
    checks: 'noNobody',
  },
});

/** The shelf's own rule: nobody owns it. */
const nobodyProblems = (values: FieldValues) =>
  values.owner?.legalName === 'Nobody' ? [{ path: '/owner/legalName', message: 'Nobody owns no shelf' }] : [];

const widgets: Widgets = {
  fields: {
    banner: () => <p>Shelf banner</p>,
    secret: () => <p>For admins</p>,
    note: () => <p>Shelf note</p>,
  },
  transforms: { shout: (body) => ({ ...body, name: String(body.name).toUpperCase() }) },
  createDefaults: () => ({ name: 'Shelf' }),
  checks: { noNobody: () => ({ rules: nobodyProblems, problemsOf: nobodyProblems }) },
};

const SHELF_ID = '88888888-8888-4888-8888-888888888888';
const aShelf = {
  id: SHELF_ID,
  name: 'Oak',
  projectId: P1,
  code: '12',
  owner: { legalName: 'Acme' },
  serial: 'S-1',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
};

function open(path: string, viewer: Viewer = admin, row: { id: string } & Record<string, unknown> = aShelf) {
  return renderGenerated({ path, viewer, descriptor: shelfResource, row, widgets });
}

describe('tabbed views generated from a declaration', () => {
  it("edits a field inside an object field, under the tab's help, and saves through the named transform", async () => {
    const { provider } = open(`/test/shelf/${SHELF_ID}`);
    expect(await screen.findByText('Shelf banner')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The first digits of its order and ticket numbers; no other e-shop may share or extend them.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Seller' }));
    expect(screen.getByText(/^Who sells: invoices and order pages name the seller/)).toBeInTheDocument();
    const legalName = screen.getByRole('textbox', { name: /legal name/i });
    expect(legalName).toHaveValue('Acme');
    fireEvent.change(legalName, { target: { value: 'Acme Ltd' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({
      name: 'OAK',
      owner: { legalName: 'Acme Ltd' },
    });
  });

  it('leaves out a field inside an object field while the record has no value there', async () => {
    open(`/test/shelf/${SHELF_ID}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Seller' }));
    expect(screen.getByRole('textbox', { name: /legal name/i })).toHaveValue('Acme');
    expect(screen.queryByRole('switch', { name: /VAT payer/i })).not.toBeInTheDocument();
  });

  it('shows a field inside an object field hidden when empty once the record has a value there', async () => {
    open(`/test/shelf/${SHELF_ID}`, admin, { ...aShelf, owner: { legalName: 'Acme', vatPayer: true } });
    await userEvent.click(await screen.findByRole('tab', { name: 'Seller' }));
    expect(screen.getByRole('switch', { name: /VAT payer/i })).toBeChecked();
  });

  it("runs the named checks: the form's rule, the mark of the tab that holds the field, the widget above", async () => {
    const { provider } = open(`/test/shelf/${SHELF_ID}`);
    expect(await screen.findByText('Shelf note')).toBeInTheDocument();
    const seller = screen.getByRole('tab', { name: 'Seller' });
    expect(within(seller).queryByTestId('ErrorOutlineIcon')).not.toBeInTheDocument();
    await userEvent.click(seller);
    fireEvent.change(screen.getByRole('textbox', { name: /legal name/i }), { target: { value: 'Nobody' } });
    await waitFor(() => expect(within(seller).getByTestId('ErrorOutlineIcon')).toBeInTheDocument());
    expect(within(screen.getByRole('tab', { name: 'Basic' })).queryByTestId('ErrorOutlineIcon')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Nobody owns no shelf')).toBeInTheDocument();
    expect(provider.update).not.toHaveBeenCalled();
  });

  it('shows a tab for administrators only to them, drawn once chosen when lazy', async () => {
    open(`/test/shelf/${SHELF_ID}`);
    const tab = await screen.findByRole('tab', { name: 'Wysiwyg' });
    expect(screen.queryByText('For admins')).not.toBeInTheDocument();
    await userEvent.click(tab);
    expect(screen.getByText('For admins')).toBeInTheDocument();
  });

  it('hides the administrators’ tab from another viewer', async () => {
    open(`/test/shelf/${SHELF_ID}`, aViewer({ projects: { [P1]: 0 } }));
    expect(await screen.findByRole('tab', { name: 'Seller' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Wysiwyg' })).not.toBeInTheDocument();
  });

  it('gives the New page the tabs with what the create takes, the console defaults and the New helper', async () => {
    const { provider } = open('/test/shelf/create');
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Shelf');
    expect(screen.getByText('Shelf note')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Seller' })).toBeInTheDocument();
    // a tab of fields the create does not take is left out
    expect(screen.queryByRole('tab', { name: 'Raw view' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Leave empty: the next free prefix is given when the e-shop is created.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.create).toHaveBeenCalled());
    const sent = provider.create.mock.calls[0][1].data;
    expect(sent).toMatchObject({ name: 'SHELF', projectId: P1 });
    expect(sent).not.toHaveProperty('code');
  });
});
