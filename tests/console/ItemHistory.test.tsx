import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import type { AuditEntry } from '../../domain/schemas/audit';
import { TemplateWriteSchema } from '../../domain/schemas/template';
import { FormTabs } from '../../src/common/FormTabs';
import { ItemEditContext } from '../../src/common/ItemEditContext';
import { ItemHistory } from '../../src/common/ItemHistory';
import type { CoreDataProvider } from '../../src/dataProviders/coreDataProvider';
import { P1, U1, admin } from './harness';
import { renderInAdmin } from './renderInAdmin';

const TEMPLATE_ID = '33333333-3333-4333-8333-333333333333';
const current = {
  id: TEMPLATE_ID,
  name: 'Gala',
  projectId: P1,
  languages: ['en', 'cs'],
  jsonTemplate: { description: 'short' },
};
const longJson = { description: 'x'.repeat(200) };

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  at: '2026-11-20T10:00:00.000Z',
  userId: U1,
  userName: 'Alice',
  action: 'update',
  resource: 'template',
  rowId: TEMPLATE_ID,
  changes: {},
  ...overrides,
});

/** newest first, as the API answers */
const HISTORY: AuditEntry[] = [
  entry({
    changes: {
      name: { before: 'Concert', after: 'Gala' },
      languages: { before: ['en'], after: ['en', 'cs'] },
    },
  }),
  entry({ changes: { jsonTemplate: { before: longJson, after: { description: 'short' } } } }),
  entry({
    action: 'create',
    userName: 'Bob',
    changes: { name: { after: 'Concert' }, projectId: { after: P1 } },
  }),
];

function renderHistory(options: { restorable?: boolean; updateError?: string; entries?: AuditEntry[] } = {}) {
  const entries = options.entries ?? HISTORY;
  const history = jest.fn(async () => ({ data: entries, totalCount: entries.length, page: 1, limit: 25 }));
  const update = jest.fn(async (_resource: string, params: { data: Record<string, unknown> }) => {
    if (options.updateError) throw new Error(options.updateError);
    return { data: params.data };
  });
  const dataProvider = { history, update } as unknown as CoreDataProvider;
  renderInAdmin(
    <ResourceContextProvider value="template">
      <RecordContextProvider value={current}>
        {/* as an item page lays it out: the form's own tab, then History */}
        <ItemEditContext.Provider
          value={{
            writeSchema: TemplateWriteSchema,
            readOnly: false,
            itemTabs: [
              {
                key: 'history',
                label: 'History',
                lazy: true,
                content: <ItemHistory restorable={options.restorable} />,
              },
            ],
          }}
        >
          <FormTabs tabs={[{ key: 'general', label: 'General', content: <p>the form</p> }]} />
        </ItemEditContext.Provider>
      </RecordContextProvider>
      <Notification />
    </ResourceContextProvider>,
    { viewer: admin, dataProvider },
  );
  return { history, update };
}

describe('History of an item', () => {
  afterEach(() => jest.restoreAllMocks());

  it('reads the history only when its tab is opened, then lists each change as path: before → after', async () => {
    const { history } = renderHistory();
    expect(history).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('name: Concert → Gala')).toBeInTheDocument();
    expect(history).toHaveBeenCalledWith('template', { id: TEMPLATE_ID, page: 1, perPage: 25 });
    expect(screen.getByText('languages[1]: — → cs')).toBeInTheDocument();
    expect(screen.getByText('name: — → Concert')).toBeInTheDocument();
    expect(screen.getAllByText(/^Updated · /)).toHaveLength(2);
    expect(screen.getByText(/^Created · .* · Bob$/)).toBeInTheDocument();
  });

  it('lists a change deep in a JSON field by its path', async () => {
    renderHistory({
      entries: [
        entry({
          changes: {
            jsonTemplate: {
              before: {
                primaryFields: [{ key: 'level', label: { en: 'Member', cs: 'Člen' } }],
                logoText: 'Old',
              },
              after: {
                primaryFields: [{ key: 'level', label: { en: 'Club member', cs: 'Člen' } }],
                footer: 'New',
              },
            },
          },
        }),
      ],
    });
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(
      await screen.findByText('jsonTemplate.primaryFields[0].label.en: Member → Club member'),
    ).toBeInTheDocument();
    expect(screen.getByText('jsonTemplate.logoText: Old → —')).toBeInTheDocument();
    expect(screen.getByText('jsonTemplate.footer: — → New')).toBeInTheDocument();
    expect(screen.queryByText(/label\.cs/)).toBeNull();
  });

  it('lists added and removed array elements by index', async () => {
    renderHistory({
      entries: [entry({ changes: { languages: { before: ['en', 'de', 'fr'], after: ['en', 'cs'] } } })],
    });
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('languages[1]: de → cs')).toBeInTheDocument();
    expect(screen.getByText('languages[2]: fr → —')).toBeInTheDocument();
    expect(screen.queryByText(/languages\[0\]/)).toBeNull();
  });

  it('shows a long value cut, and whole on "Show all"', async () => {
    renderHistory();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const line = await screen.findByText(/^jsonTemplate\.description: /);
    expect(line.textContent).toBe(`jsonTemplate.description: ${'x'.repeat(79)}… → short`);
    // the other entries' values are short: one control only
    const showAll = screen.getByRole('button', { name: 'Show all' });
    await userEvent.click(showAll);
    expect(line.textContent).toBe(`jsonTemplate.description: ${'x'.repeat(200)} → short`);
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(line.textContent).toMatch(/x… → short$/);
  });

  it('lists the first 50 changes of an entry and counts the rest', async () => {
    const before = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`k${index}`, index]));
    const after = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`k${index}`, index + 100]));
    renderHistory({ entries: [entry({ changes: { jsonTemplate: { before, after } } })] });
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('jsonTemplate.k49: 49 → 149')).toBeInTheDocument();
    expect(screen.queryByText(/^jsonTemplate\.k50:/)).toBeNull();
    expect(screen.getByText('… 10 more changes')).toBeInTheDocument();
  });

  it('offers no restore unless asked to (every resource but templates)', async () => {
    renderHistory();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    await screen.findByText('name: Concert → Gala');
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });

  it('restores an older version through the normal update, every newer change undone', async () => {
    const { update } = renderHistory({ restorable: true });
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    await screen.findByText('name: Concert → Gala');
    const buttons = screen.getAllByRole('button', { name: 'Restore this version' });
    // the newest entry is the current state: nothing to restore there
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]);
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][0]).toBe('template');
    expect(update.mock.calls[0][1].data).toEqual({
      ...current,
      name: 'Concert',
      languages: ['en'],
      jsonTemplate: longJson,
    });
    expect(await screen.findByText('The version was restored')).toBeInTheDocument();
  });

  it('shows the server message when the restored version is refused', async () => {
    // react-admin logs the refused update; the message on screen is what this test asserts
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderHistory({ restorable: true, updateError: 'name: must NOT have fewer than 1 characters' });
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    await screen.findByText('name: Concert → Gala');
    await userEvent.click(screen.getAllByRole('button', { name: 'Restore this version' })[0]);
    expect(await screen.findByText('name: must NOT have fewer than 1 characters')).toBeInTheDocument();
    expect(screen.queryByText('The version was restored')).toBeNull();
  });

  it('does not send a version the write schema refuses, and says why', async () => {
    const { update } = renderHistory({
      restorable: true,
      entries: [
        entry({ changes: { name: { before: '   ', after: 'Gala' } } }),
        entry({ action: 'create', changes: { name: { after: '   ' } } }),
      ],
    });
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Restore this version' }));
    expect(await screen.findByText('/name: Please, fill this mandatory field: Name')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });
});
