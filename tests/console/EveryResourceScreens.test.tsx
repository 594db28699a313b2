import { screen, waitFor, within } from '@testing-library/react';
import type { TObject, TSchema } from '@sinclair/typebox';
import type { ResourceDescriptor } from '../../domain/resource';
import { RESOURCES } from '../../domain/resources';
import { Right, type RightName } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import { P1, U1, aProject, aUser, aViewer, admin, renderConsole } from './harness';
import { PASS1, T1, aPass, aTemplate } from './passFixtures';
import {
  E1,
  I1,
  O1,
  PR1,
  anEshop,
  anOrder,
  anOrderItem,
  aProduct,
  ticketDataProvider,
} from './ticket/ticketHarness';

jest.setTimeout(60_000);

const ROW = '0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e';
const AT = '2026-11-01T10:00:00.000Z';

/** A value of a schema as a row of the API would hold it: the first choice, a uuid, a date, text. */
function valueOf(schema: TSchema, field: string): unknown {
  const anyOf = (schema as { anyOf?: TSchema[] }).anyOf;
  if (anyOf) {
    return valueOf(anyOf.find((member) => (member as { type?: string }).type !== 'null') ?? anyOf[0], field);
  }
  const {
    type,
    format,
    const: constant,
    enum: choices,
  } = schema as {
    type?: string;
    format?: string;
    const?: unknown;
    enum?: unknown[];
  };
  if (constant !== undefined) return constant;
  if (choices) return choices[0];
  if (format === 'uuid') return field === 'projectId' ? P1 : ROW;
  if (format === 'date-time') return AT;
  switch (type) {
    case 'string':
      return `${field} value`;
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries((schema as TObject).properties ?? {}).map(([key, member]) => [
          key,
          valueOf(member, key),
        ]),
      );
    default:
      return null;
  }
}

/** A row of a resource made from its entity schema, for resources the tests have no fixture of. */
const rowOf = (descriptor: ResourceDescriptor): Record<string, unknown> => ({
  ...(valueOf(descriptor.schema, descriptor.name) as Record<string, unknown>),
  id: ROW,
  deletedAt: null,
});

/** One row of each resource, by API name, with its id. */
const FIXTURES: Readonly<Record<string, { id: string; row: () => object }>> = {
  project: { id: P1, row: () => aProject({ id: P1, name: 'Acme' }) },
  user: { id: U1, row: () => aUser() },
  template: { id: T1, row: () => aTemplate() },
  pass: { id: PASS1, row: () => aPass() },
  eshop: { id: E1, row: () => anEshop() },
  product: { id: PR1, row: () => aProduct() },
  order: { id: O1, row: () => anOrder('paid') },
  orderItem: { id: I1, row: () => anOrderItem() },
};

function open(path: string, viewer: Viewer) {
  const data = ticketDataProvider();
  for (const descriptor of RESOURCES) {
    const fixture = FIXTURES[descriptor.name];
    data.tables[descriptor.name] = [fixture ? fixture.row() : rowOf(descriptor)] as never[];
  }
  data.tables.project = [aProject({ id: P1, name: 'Acme' })];
  renderConsole({ path, viewer, dataProvider: data.dataProvider });
  return data;
}

const idOf = (descriptor: ResourceDescriptor) => FIXTURES[descriptor.name]?.id ?? ROW;

/** The right that lets a viewer read the resource and do nothing else with it, if any does (not admins only). */
function readRightOf(descriptor: ResourceDescriptor): RightName | undefined {
  const rule = descriptor.access.screen ?? descriptor.access.read;
  return 'anyOf' in rule ? rule.anyOf[0] : undefined;
}

/** Icons that tell of an error, which a screen the viewer may use never shows by itself. */
const errorIcons = () =>
  document.querySelectorAll('[data-testid="ErrorIcon"], [data-testid="ErrorOutlineIcon"]');

const readable = RESOURCES.flatMap((descriptor) => {
  const right = readRightOf(descriptor);
  const mayChange = (action: 'update' | 'delete') => {
    const rule = descriptor.access[action];
    return 'anyOf' in rule && right !== undefined && rule.anyOf.includes(right);
  };
  return right && !mayChange('update') ? [{ descriptor, right }] : [];
});

describe.each(RESOURCES.map((descriptor) => [descriptor.route, descriptor] as const))(
  'the screens of %s for an administrator',
  (route, descriptor) => {
    it('lists the row, every row opening its record', async () => {
      open(`/${route}`, admin);
      const rows = await screen.findAllByRole('row');
      await waitFor(() => expect(rows.length).toBeGreaterThan(1));
      expect(errorIcons()).toHaveLength(0);
    });

    it('opens the item page with Back and its History', async () => {
      open(`/${route}/${idOf(descriptor)}`, admin);
      expect(await screen.findByRole('button', { name: 'Back' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'History' })).toBeInTheDocument();
    });
  },
);

describe.each(readable.map(({ descriptor, right }) => [descriptor.route, right, descriptor] as const))(
  'the screens of %s for a viewer with only %s',
  (route, right, descriptor) => {
    const reader = aViewer({ projects: { [P1]: Right[right] } });

    it('lists rows with no Edit and no error icon', async () => {
      open(`/${route}`, reader);
      const table = await screen.findByRole('table');
      await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
      expect(within(table).queryAllByRole('link', { name: /^edit$/i })).toHaveLength(0);
      expect(within(table).queryAllByRole('button', { name: /^edit$/i })).toHaveLength(0);
      expect(errorIcons()).toHaveLength(0);
    });

    it('shows the item read-only: no Save, no Apply, no Delete', async () => {
      open(`/${route}/${idOf(descriptor)}`, reader);
      expect(await screen.findByRole('button', { name: 'Back' }, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    });
  },
);

describe('order items for gate staff (TICKET_ENTRY only)', () => {
  const gateStaff = aViewer({ projects: { [P1]: Right.TICKET_ENTRY } });

  it('shows the e-shop and the order number as plain text: no error icon, no link to an order they may not read', async () => {
    open('/ticket/ticketOrderItem', gateStaff);
    const row = (await screen.findByText(anOrderItem().orderNumber)).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('link', { name: anOrderItem().orderNumber })).not.toBeInTheDocument();
    expect(within(row).getByText(E1.split('-')[0])).toBeInTheDocument();
    expect(errorIcons()).toHaveLength(0);
  });

  it('opens an item from its row, with its entry count to change', async () => {
    const locations: string[] = [];
    const data = ticketDataProvider({ orderItem: [anOrderItem()] });
    renderConsole({
      path: '/ticket/ticketOrderItem',
      viewer: gateStaff,
      dataProvider: data.dataProvider,
      onLocation: (location) => locations.push(location.pathname),
    });
    (await screen.findByText(anOrderItem().orderNumber)).click();
    await waitFor(() => expect(locations.at(-1)).toBe(`/ticket/ticketOrderItem/${I1}`));
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });
});
