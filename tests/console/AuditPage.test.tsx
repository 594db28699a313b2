import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '../../domain/schemas/audit';
import { Right } from '../../domain/rights';
import { ListContextProvider, useList, type RaRecord } from 'react-admin';
import { AuditFilters } from '../../src/audit/AuditFilters';
import { AuditPage } from '../../src/audit/AuditPage';
import { createCoreDataProvider, type CoreDataProvider } from '../../src/dataProviders/coreDataProvider';
import { fakeHttp } from './fakeHttp';
import { P1, U1, U2, aUser, aViewer, admin } from './harness';
import { renderInAdmin } from './renderInAdmin';

const ENTRY: AuditEntry = {
  id: '44444444-4444-4444-8444-444444444444',
  at: '2026-11-20T10:00:00.000Z',
  userId: U1,
  userName: 'Alice',
  action: 'update',
  resource: 'pass',
  rowId: '55555555-5555-4555-8555-555555555555',
  changes: { dynamicData: { before: { seat: 1 }, after: { seat: 2 } } },
};

function renderAudit(viewer = admin) {
  const getAudit = jest.fn(async () => ({ data: [ENTRY], totalCount: 1, page: 1, limit: 25 }));
  renderInAdmin(<AuditPage />, { viewer, dataProvider: { getAudit } as unknown as CoreDataProvider });
  return { getAudit };
}

/** The screen over the real data provider, its HTTP faked: the audit trail, and users for the picker. */
function renderAuditOverHttp() {
  const users = [aUser(), aUser({ id: U2, displayName: 'Bob Brown', email: 'bob@example.com' })];
  const http = fakeHttp((call) =>
    call.url.startsWith('/api/core/v1/audit')
      ? { json: { data: [ENTRY], totalCount: 1, page: 1, limit: 25 } }
      : { json: { data: users, totalCount: users.length } },
  );
  renderInAdmin(<AuditPage />, {
    viewer: admin,
    dataProvider: createCoreDataProvider('/api/core', http.client),
  });
  return http;
}

const auditUrls = (http: ReturnType<typeof fakeHttp>) =>
  http.calls.map((call) => call.url).filter((url) => url.startsWith('/api/core/v1/audit'));

/** The `where` of each list of users asked for. */
const userWheres = (http: ReturnType<typeof fakeHttp>) =>
  http.calls
    .map((call) => call.url)
    .filter((url) => url.startsWith('/api/core/v1/user?'))
    .map((url) => new URLSearchParams(url.split('?')[1]).get('where'));

/** The filters alone in a list context, its filter values shown. */
const FiltersAlone = () => {
  const list = useList({ data: NO_ROWS });
  return (
    <ListContextProvider value={list}>
      <AuditFilters />
      <output data-testid="filter">{JSON.stringify(list.filterValues)}</output>
    </ListContextProvider>
  );
};
const NO_ROWS: RaRecord[] = [];

describe('Audit screen', () => {
  it('lists the changes across resources for an administrator', async () => {
    const { getAudit } = renderAudit();
    expect(await screen.findByText('dynamicData.seat: 1 → 2')).toBeInTheDocument();
    expect(
      screen.getByText(/Alice · Updated · pass 55555555-5555-4555-8555-555555555555/),
    ).toBeInTheDocument();
    expect(getAudit).toHaveBeenCalledWith({ page: 1, limit: 25 });
  });

  it('filters by a resource picked by its name, sending its API name', async () => {
    const http = renderAuditOverHttp();
    await screen.findByText(/Alice/);
    await userEvent.click(screen.getByRole('combobox', { name: 'Resource' }));
    expect(screen.getByRole('option', { name: 'Order item' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Template' }));
    await waitFor(() =>
      expect(auditUrls(http).at(-1)).toBe('/api/core/v1/audit?resource=template&page=1&limit=25'),
    );
  });

  it('filters by a user picked by name or e-mail', async () => {
    const http = renderAuditOverHttp();
    await screen.findByText(/Alice/);
    await userEvent.type(screen.getByRole('combobox', { name: 'User' }), 'Bob');
    // the picker asks the API for the users whose name holds what was typed
    await waitFor(() =>
      expect(userWheres(http)).toContain(JSON.stringify({ deletedAt: null, displayName: { $like: 'Bob' } })),
    );
    // and, once it holds an @, whose e-mail does
    const picker = screen.getByRole('combobox', { name: 'User' });
    await userEvent.clear(picker);
    await userEvent.type(picker, 'bob@ex');
    await waitFor(() =>
      expect(userWheres(http)).toContain(JSON.stringify({ deletedAt: null, email: { $like: 'bob@ex' } })),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Bob Brown (bob@example.com)' }));
    await waitFor(() =>
      expect(auditUrls(http).at(-1)).toBe(`/api/core/v1/audit?userId=${U2}&page=1&limit=25`),
    );
  });

  it('filters by the time range, sent as instants', async () => {
    const http = renderAuditOverHttp();
    await screen.findByText(/Alice/);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20T10:00' } });
    const from = new Date('2026-11-20T10:00').toISOString();
    await waitFor(() =>
      expect(auditUrls(http).at(-1)).toBe(
        `/api/core/v1/audit?from=${encodeURIComponent(from)}&page=1&limit=25`,
      ),
    );
  });

  it('lets a viewer who may not list users type a user id instead of picking one', async () => {
    const getList = jest.fn();
    renderInAdmin(<FiltersAlone />, {
      viewer: aViewer({ projects: { [P1]: Right.PASS_READ } }),
      dataProvider: { getList } as unknown as CoreDataProvider,
    });
    const input = await screen.findByRole('textbox', { name: 'User ID' });
    expect(screen.queryByRole('combobox', { name: 'User' })).toBeNull();
    await userEvent.type(input, U1);
    await waitFor(() =>
      expect(screen.getByTestId('filter')).toHaveTextContent(JSON.stringify({ userId: U1 })),
    );
    expect(getList).not.toHaveBeenCalled();
  });

  it('is denied to anyone but an administrator, without asking the API', async () => {
    const { getAudit } = renderAudit(aViewer({ projects: { [P1]: Right.PASS_READ | Right.USER_UPDATE } }));
    expect(await screen.findByText('Forbidden: Access is denied')).toBeInTheDocument();
    expect(getAudit).not.toHaveBeenCalled();
  });
});
