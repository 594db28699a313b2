import { Type } from '@sinclair/typebox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRecordContext } from 'react-admin';
import { ADMINS_ONLY, defineResource } from '../../domain/resource';
import { EntityFields, Nullable, Uuid } from '../../domain/schemas/common';
import type { Viewer } from '../../domain/schemas/user';
import type { Widgets } from '../../src/common/generated/widgets';
import { P1, admin } from './harness';
import { renderGenerated } from './renderGenerated';

jest.setTimeout(30_000);

const KitSchema = Type.Object({
  ...EntityFields,
  name: Type.String({ minLength: 1, maxLength: 40 }),
  projectId: Uuid(),
  contact: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  share: Type.Number(),
  kept: Type.Boolean(),
  state: Type.Union([Type.Literal('ready'), Type.Literal('broken')]),
  parts: Type.Array(Type.String()),
  settings: Type.Object({ size: Type.Integer(), color: Type.String(), secret: Type.String() }),
  note: Nullable(Type.String()),
  checkedAt: Type.String({ format: 'date-time' }),
  code: Type.String(),
  power: Type.Union([Type.Literal('on'), Type.Literal('off')]),
  language: Type.String({ pattern: '^[a-z]{2}$' }),
  languages: Type.Array(Type.String({ pattern: '^[a-z]{2}$' })),
  look: Type.Object({
    colour: Type.Optional(Type.String()),
    width: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
});
const KitWriteSchema = Type.Object(
  {
    name: KitSchema.properties.name,
    projectId: KitSchema.properties.projectId,
    contact: Type.Optional(Type.String({ format: 'email' })),
    amount: Type.Optional(Type.Number()),
    kept: Type.Optional(Type.Boolean()),
    state: Type.Optional(KitSchema.properties.state),
    note: Type.Optional(Nullable(Type.String())),
    code: Type.Optional(Type.String()),
    share: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    language: Type.Optional(KitSchema.properties.language),
    languages: Type.Optional(KitSchema.properties.languages),
    look: Type.Optional(KitSchema.properties.look),
  },
  { additionalProperties: false },
);

/** A resource whose hints use every kind of column, input and filter the generator draws. */
const kitResource = defineResource({
  name: 'kit',
  api: 'core',
  route: 'test/kit',
  schema: KitSchema,
  createSchema: KitWriteSchema,
  updateSchema: KitWriteSchema,
  project: 'projectId',
  access: ADMINS_ONLY,
  representation: 'name',
  filter: ['name', 'projectId', 'state', 'kept', 'checkedAt'],
  sort: ['name', 'createdAt', 'updatedAt'],
  ui: {
    list: {
      columns: [
        'name',
        { field: 'contact', kind: 'email' },
        { field: 'amount', kind: 'money' },
        { field: 'share', kind: 'percent' },
        { field: 'kept', kind: 'boolean' },
        { field: 'state', kind: 'chip', labels: 'kitState', colors: { ready: 'success' } },
        { field: 'parts', kind: 'count' },
        { field: 'settings', kind: 'json', keys: ['size', 'color'] },
        { field: 'checkedAt', kind: 'date' },
        { field: 'projectId', kind: 'reference' },
        { field: 'code', max: 5 },
        'power',
        { field: 'currency', labels: 'kitCurrency' },
      ],
      filters: [
        'name',
        { field: 'state', labels: 'kitState', alwaysOn: true },
        'kept',
        'checkedAt',
        'projectId',
      ],
    },
    page: [
      'name',
      { field: 'contact', input: 'email' },
      'amount',
      'kept',
      { field: 'state', labels: 'kitState' },
      { field: 'note', input: 'multiline', hiddenWhenEmpty: true },
      { field: 'code', readOnly: 'always' },
      { field: 'settings', widget: 'settingsSize' },
      'checkedAt',
      { field: 'share', input: 'percent' },
      { field: 'language', input: 'language' },
      { field: 'languages', input: 'languages' },
      { field: 'look', input: 'schemaForm' },
    ],
    actions: ['ping'],
  },
});

const KIT_ID = '88888888-8888-4888-8888-888888888888';
const aKit = {
  id: KIT_ID,
  name: 'Toolbox',
  projectId: P1,
  contact: 'kit@example.com',
  amount: 12.5,
  currency: 'EUR',
  share: 0.21,
  language: 'cs',
  languages: ['en', 'cs'],
  look: { colour: 'red', width: 2 },
  kept: true,
  state: 'ready',
  parts: ['lid', 'tray', 'handle'],
  settings: { size: 4, color: 'red', secret: 'not shown' },
  note: null as string | null,
  checkedAt: '2026-11-01T10:00:00.000Z',
  code: 'ABCDEFGH',
  power: 'on',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
};

/** A widget standing in for a field (it shows the settings' size). */
const SettingsSize = () => {
  const kit = useRecordContext<typeof aKit>();
  return <span>size {kit?.settings.size}</span>;
};
const Ping = () => <button type="button">Ping</button>;
const widgets: Widgets = { fields: { settingsSize: SettingsSize, ping: Ping } };

function open(path: string, kit: Partial<typeof aKit> = {}, viewer: Viewer = admin) {
  return renderGenerated({
    path,
    viewer,
    descriptor: kitResource,
    row: { ...aKit, ...kit },
    widgets,
    labels: {
      'kitState.ready': 'Ready to use',
      'kitState.broken': 'Broken',
      'resources.test/kit.values.power.on': 'Switched on',
      'kitCurrency.EUR': 'Euro',
      'resources.test/kit.fields.look.colour': 'Colour of the lid',
      'resources.test/kit.fields.look.width': 'Width in cm',
    },
  });
}

/** Intl puts no-break spaces in amounts; a reader sees spaces. */
const readable = (text: string | null) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

describe('the generated list draws each kind of column', () => {
  it('text, e-mail, money, percent, yes/no, chip, count, JSON keys, date, reference, a cut text and labelled values', async () => {
    open('/test/kit');
    const row = (await screen.findByText('Toolbox')).closest('tr') as HTMLElement;
    const cells = within(row);
    expect(cells.getByRole('link', { name: 'kit@example.com' })).toHaveAttribute(
      'href',
      'mailto:kit@example.com',
    );
    expect(readable(row.textContent)).toContain('€12.50');
    expect(cells.getByText('21 %')).toBeInTheDocument();
    expect(cells.getByLabelText('Yes')).toBeInTheDocument();
    expect(cells.getByText('Ready to use')).toBeInTheDocument();
    expect(cells.getByText('3')).toBeInTheDocument();
    expect(cells.getByText('size: 4, color: red')).toBeInTheDocument();
    expect(row.textContent).not.toContain('not shown');
    expect(cells.getByText(/11\/1\/2026/)).toBeInTheDocument();
    expect(await cells.findByText('Acme')).toBeInTheDocument();
    expect(cells.getByText('ABCDE…')).toBeInTheDocument();
    // a choice without hinted labels by the declaration's own; a text of known values by its hint's
    expect(cells.getByText('Switched on')).toBeInTheDocument();
    expect(cells.getByText('Euro')).toBeInTheDocument();
    expect(cells.getByRole('button', { name: 'Ping' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('offers the filters by kind: a search, a choice by its labels, yes/no, a date range and the project', async () => {
    const { provider } = open('/test/kit');
    await screen.findByText('Toolbox');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kept' })).toBeInTheDocument();
    expect(screen.getByLabelText('Checked at ≥')).toBeInTheDocument();
    expect(screen.getByLabelText('Checked at ≤')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Project' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Broken' }));
    await waitFor(() =>
      expect(provider.getList).toHaveBeenLastCalledWith(
        'test/kit',
        expect.objectContaining({ filter: expect.objectContaining({ state: 'broken' }) }),
      ),
    );
  });
});

describe('the generated item page draws each kind of input', () => {
  it('an e-mail, a number, yes/no, a choice by its labels, a read-only text, a widget and a date; no empty note', async () => {
    open(`/test/kit/${KIT_ID}`);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Toolbox');
    expect(screen.getByRole('textbox', { name: 'Contact' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(12.5);
    expect(screen.getByLabelText('Kept')).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Ready to use');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('readonly');
    expect(await screen.findByText('size 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Checked at')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ping' })).toBeInTheDocument();
  });

  it('a rate as a percentage, a language and languages by their names; saves them as the API stores them', async () => {
    const { provider } = open(`/test/kit/${KIT_ID}`);
    const share = await screen.findByRole('spinbutton', { name: 'Share' });
    expect(share).toHaveValue(21);
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('Czech (cs)');
    expect(screen.getByRole('button', { name: 'English (en)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Czech (cs)' })).toBeInTheDocument();
    await userEvent.clear(share);
    await userEvent.type(share, '12.5');
    await userEvent.click(screen.getByRole('combobox', { name: 'Languages' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Languages' }), 'Slovak');
    await userEvent.click(await screen.findByRole('option', { name: 'Slovak (sk)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({
      share: 0.125,
      language: 'cs',
      languages: ['en', 'cs', 'sk'],
    });
  });

  it('an object field as a form drawn from its schema, its properties under their labels, checked as typed', async () => {
    const { provider } = open(`/test/kit/${KIT_ID}`);
    const colour = await screen.findByRole('textbox', { name: /Colour of the lid/ });
    expect(colour).toHaveValue('red');
    const width = screen.getByRole('spinbutton', { name: /Width in cm/ });
    expect(width).toHaveValue(2);
    await userEvent.clear(width);
    await userEvent.type(width, '0');
    expect(await screen.findByText(/must be >= 1/)).toBeInTheDocument();
    await userEvent.clear(width);
    await userEvent.type(width, '2');
    await userEvent.clear(colour);
    await userEvent.type(colour, 'blue');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data.look).toEqual({ colour: 'blue', width: 2 });
  });

  it('shows a note once it has one, as a text area', async () => {
    open(`/test/kit/${KIT_ID}`, { note: 'Handle is loose' });
    const note = await screen.findByRole('textbox', { name: 'Note' });
    expect(note).toHaveValue('Handle is loose');
    expect(note.tagName).toBe('TEXTAREA');
  });
});
