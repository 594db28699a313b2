import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../domain/rights';
import type { PassImportJob } from '../../domain/schemas/passImport';
import type { PushCampaign } from '../../domain/schemas/pushCampaign';
import { P1, aProject, aViewer, memoryDataProvider, renderConsole } from './harness';
import { T1, aTemplate } from './passFixtures';

jest.setTimeout(40_000);

const JOB = 'abababab-abab-4bab-8bab-abababababab';
const CAMPAIGN = 'cdcdcdcd-cdcd-4dcd-8dcd-cdcdcdcdcdcd';

const aJob = (overrides: Partial<PassImportJob> = {}): PassImportJob => ({
  id: JOB,
  templateId: T1,
  state: 'done',
  rows: 2,
  done: 2,
  created: 0,
  updated: 2,
  failed: 0,
  errors: [],
  pushCampaignId: CAMPAIGN,
  createdAt: '2026-11-29T04:00:00.000Z',
  updatedAt: '2026-11-29T04:00:05.000Z',
  ...overrides,
});

const importCampaign: PushCampaign = {
  id: CAMPAIGN,
  createdAt: '2026-11-29T04:00:01.000Z',
  updatedAt: '2026-11-29T04:00:05.000Z',
  deletedAt: null,
  projectId: P1,
  templateId: T1,
  cause: 'import',
  status: 'done',
  passes: 2,
  devices: 2,
  sent: 2,
  failed: 0,
  left: 0,
  planned: true,
  createdBy: null,
  supersededBy: null,
  lastError: null,
  finishedAt: '2026-11-29T04:00:05.000Z',
};

const importer = aViewer({
  projects: { [P1]: Right.TEMPLATE_READ | Right.PASS_READ | Right.PASS_CREATE | Right.PASS_UPDATE },
});

/** Passes → Import with a file checked and imported; the import's progress answers `job`. */
async function imported(job: PassImportJob) {
  const data = memoryDataProvider({ project: [aProject({ id: P1, name: 'Acme' })] });
  data.tables.template = [aTemplate()];
  data.tables.pushCampaign = [importCampaign];
  Object.assign(data.provider, {
    checkPassImport: jest.fn(async () => ({
      rows: 2,
      valid: 2,
      columns: ['id', 'name'],
      errors: [],
      errorCount: 0,
    })),
    startPassImport: jest.fn(async () => ({ jobId: JOB })),
    getPassImport: jest.fn(async () => job),
  });
  const user = userEvent.setup();
  renderConsole({ path: '/passes/import', viewer: importer, dataProvider: data.dataProvider });
  await user.click(await screen.findByRole('combobox', { name: /Template/ }));
  await user.click(await screen.findByRole('option', { name: 'Coffee card' }));
  const csv = new File(['id,name\r\na,Anna\r\nb,Ben\r\n'], 'passes.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('Choose a file'), csv);
  await user.click(screen.getByRole('button', { name: 'Check (dry run)' }));
  await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
  return user;
}

describe('the push campaign of an import', () => {
  it("links the import's result to its push campaign, which names the cause Import", async () => {
    const user = await imported(aJob());
    expect(await screen.findByText('The import is done.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Show the pushes' });
    expect(link).toHaveAttribute('href', `/passes/pushCampaign/${CAMPAIGN}`);
    await user.click(link);
    expect(await screen.findByText('2 sent, 0 failed, 0 left of 2 devices')).toBeInTheDocument();
    expect(screen.getByText('Import')).toBeInTheDocument();
  });

  it('shows no link when the import updated no pass', async () => {
    await imported(aJob({ created: 2, updated: 0, pushCampaignId: null }));
    expect(await screen.findByText('The import is done.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open the passes' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Show the pushes' })).not.toBeInTheDocument();
  });
});
