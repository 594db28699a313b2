import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '../../domain/schemas/audit';
import { Right } from '../../domain/rights';
import { AuditPage } from '../../src/audit/AuditPage';
import type { CoreDataProvider } from '../../src/dataProviders/coreDataProvider';
import { P1, U1, aViewer, admin } from './harness';
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

describe('Audit screen', () => {
  it('lists the changes across resources for an administrator', async () => {
    const { getAudit } = renderAudit();
    expect(await screen.findByText('dynamicData.seat: 1 → 2')).toBeInTheDocument();
    expect(
      screen.getByText(/Alice · Updated · pass 55555555-5555-4555-8555-555555555555/),
    ).toBeInTheDocument();
    expect(getAudit).toHaveBeenCalledWith({ page: 1, limit: 25 });
  });

  it('filters by resource and user', async () => {
    const { getAudit } = renderAudit();
    await screen.findByText(/Alice/);
    await userEvent.type(screen.getByLabelText('Resource'), 'pass');
    await userEvent.type(screen.getByLabelText('User ID'), U1);
    await waitFor(() =>
      expect(getAudit).toHaveBeenLastCalledWith({ resource: 'pass', userId: U1, page: 1, limit: 25 }),
    );
  });

  it('is denied to anyone but an administrator, without asking the API', async () => {
    const { getAudit } = renderAudit(aViewer({ projects: { [P1]: Right.PASS_READ | Right.USER_UPDATE } }));
    expect(await screen.findByText('Forbidden: Access is denied')).toBeInTheDocument();
    expect(getAudit).not.toHaveBeenCalled();
  });
});
