import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../domain/rights';
import type { PushCampaign } from '../../domain/schemas/pushCampaign';
import type { Viewer } from '../../domain/schemas/user';
import { P1, aProject, aViewer, memoryDataProvider, renderConsole } from './harness';
import { T1, aTemplate } from './passFixtures';

jest.setTimeout(40_000);

const RUNNING = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const DONE = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const aCampaign = (overrides: Partial<PushCampaign> = {}): PushCampaign => ({
  id: RUNNING,
  createdAt: '2026-11-29T04:00:00.000Z',
  updatedAt: '2026-11-29T04:00:05.000Z',
  deletedAt: null,
  projectId: P1,
  templateId: T1,
  cause: 'template',
  status: 'running',
  passes: 1000,
  devices: 800,
  sent: 300,
  failed: 20,
  left: 480,
  planned: true,
  createdBy: null,
  supersededBy: null,
  lastError: '410 Unregistered',
  finishedAt: null,
  ...overrides,
});

const editor = aViewer({ projects: { [P1]: Right.TEMPLATE_READ | Right.TEMPLATE_UPDATE } });
const reader = aViewer({ projects: { [P1]: Right.TEMPLATE_READ } });

function open(path: string, viewer: Viewer) {
  const data = memoryDataProvider({ project: [aProject({ id: P1, name: 'Acme' })] });
  data.tables.template = [aTemplate()];
  data.tables.pushCampaign = [
    aCampaign(),
    aCampaign({
      id: DONE,
      status: 'done',
      sent: 790,
      failed: 10,
      left: 0,
      createdAt: '2026-11-28T10:00:00.000Z',
    }),
  ];
  const cancelPushCampaign = jest.fn(async (id: string) => {
    const row = data.tables.pushCampaign.find((campaign) => campaign.id === id) as PushCampaign;
    Object.assign(row, { status: 'cancelled' });
    return row;
  });
  Object.assign(data.provider, { cancelPushCampaign });
  renderConsole({ path, viewer, dataProvider: data.dataProvider });
  return { ...data, cancelPushCampaign };
}

describe('push campaigns', () => {
  it('lists template, cause, status, sent, failed, left and start', async () => {
    open('/passes/pushCampaign', editor);
    const rows = await screen.findAllByRole('row');
    const running = rows.find((row) => within(row).queryByText('Running')) as HTMLElement;
    expect(running).toBeDefined();
    expect(within(running).getByText('Template push')).toBeInTheDocument();
    expect(within(running).getByText('300')).toBeInTheDocument();
    expect(within(running).getByText('480')).toBeInTheDocument();
    for (const header of ['Template', 'Cause', 'Status', 'Sent', 'Failed', 'Left', 'Started'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
  });

  it("shows a running campaign's progress and cancels it", async () => {
    const { cancelPushCampaign } = open(`/passes/pushCampaign/${RUNNING}`, editor);
    expect(await screen.findByText('300 sent, 20 failed, 480 left of 800 devices')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    // the page is named by its start as dates are shown, not by the API's ISO text
    const started = new Date('2026-11-29T04:00:00.000Z').toLocaleString();
    expect((await screen.findAllByText(started)).length).toBeGreaterThan(0);
    expect(screen.queryByText('2026-11-29T04:00:00.000Z')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The push campaign was cancelled')).toBeInTheDocument();
    expect(cancelPushCampaign).toHaveBeenCalledWith(RUNNING);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument());
  });

  it('offers no Cancel without TEMPLATE_UPDATE, nor once a campaign ended', async () => {
    open(`/passes/pushCampaign/${RUNNING}`, reader);
    expect(await screen.findByText('300 sent, 20 failed, 480 left of 800 devices')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('offers no Cancel once a campaign is done', async () => {
    open(`/passes/pushCampaign/${DONE}`, editor);
    expect(await screen.findByText('790 sent, 10 failed, 0 left of 800 devices')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });
});
