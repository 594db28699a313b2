import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../../domain/rights';
import { P1, P2, aViewer, admin, renderConsole } from '../harness';
import { NOW, T1, freezeDate, reportDataProvider } from './reportHarness';

/** A template id that is whole but of no template of the viewer's. */
const T2 = '44444444-4444-4444-8444-444444444444';

const rowsAnswer = {
  data: [
    { from: '2026-11-20T00:00:00.000Z', value: 4 },
    { from: '2026-11-21T00:00:00.000Z', value: 8 },
  ],
  total: 12,
  previousTotal: 10,
};
const emptyRows = {
  data: [{ from: '2026-11-20T00:00:00.000Z', value: 0 }],
  total: null,
  previousTotal: null,
};
const taggedAnswer = {
  data: [{ from: '2026-11-21T00:00:00.000Z', tags: { '': 3, web: 1 } }],
  period: [
    { tag: '', count: 3 },
    { tag: 'web', count: 1 },
  ],
  total: [
    { tag: '', count: 30 },
    { tag: 'web', count: 7 },
  ],
};

beforeEach(() => freezeDate());
afterEach(() => jest.useRealTimers());

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('report screens', () => {
  it('start with the default filters: the first project, 30 days before today to the end of today, daily', async () => {
    const { getReport, dataProvider } = reportDataProvider({ register_in_wallet: rowsAnswer });
    renderConsole({ path: '/report/passinwalletoverview', viewer: admin, dataProvider });
    await waitFor(() => expect(getReport).toHaveBeenCalled());
    const offset = -NOW.getTimezoneOffset() / 60 || 0;
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-23T00:00');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-22T23:59');
    expect(screen.getByRole('combobox', { name: 'Interval' })).toHaveTextContent('Daily');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent(`UTC+${offset}`);
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveTextContent('Acme');
    expect(getReport).toHaveBeenLastCalledWith('register_in_wallet', {
      where: JSON.stringify({ projectId: P1 }),
      from: '2026-10-23T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
      interval: 'daily',
      utcOffset: offset,
    });
  });

  it('reload with the changed filters and keep them in the URL', async () => {
    const { getReport, dataProvider } = reportDataProvider({ register_in_wallet: rowsAnswer });
    let search = '';
    renderConsole({
      path: '/report/passinwalletoverview',
      viewer: admin,
      dataProvider,
      onLocation: (location) => (search = location.search),
    });
    await screen.findByText('Registrations in the period');
    await userEvent.click(screen.getByRole('combobox', { name: 'Interval' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await userEvent.click(await screen.findByRole('option', { name: 'UTC+2' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Coffee card' }));
    await waitFor(() =>
      expect(getReport).toHaveBeenLastCalledWith('register_in_wallet', {
        where: JSON.stringify({ projectId: P1, templateId: T1 }),
        from: '2026-10-22T22:00:00.000Z',
        to: '2026-11-22T22:00:00.000Z',
        interval: 'weekly',
        utcOffset: 2,
      }),
    );
    const params = new URLSearchParams(search);
    expect(params.get('interval')).toBe('weekly');
    expect(params.get('utcOffset')).toBe('2');
    expect(params.get('templateId')).toBe(T1);
  });

  it('read the filters of a shared URL', async () => {
    const { getReport, dataProvider } = reportDataProvider({
      links: { data: [{ url: 'https://a.example', count: 2 }] },
    });
    renderConsole({
      path: `/report/links?projectId=${P2}&from=2026-01-01T00:00&to=2026-01-31T23:59&utcOffset=-5`,
      viewer: admin,
      dataProvider,
    });
    await waitFor(() =>
      expect(getReport).toHaveBeenLastCalledWith('links', {
        where: JSON.stringify({ projectId: P2 }),
        from: '2026-01-01T05:00:00.000Z',
        to: '2026-02-01T05:00:00.000Z',
        utcOffset: -5,
      }),
    );
    expect(screen.queryByRole('combobox', { name: 'Interval' })).not.toBeInTheDocument();
  });

  it('show registrations in wallet: the total, its increase, and a table per interval', async () => {
    const { dataProvider } = reportDataProvider({ register_in_wallet: rowsAnswer });
    renderConsole({ path: '/report/passinwalletoverview', viewer: admin, dataProvider });
    expect(await screen.findByText('+2 (+20 %) against the previous period')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    const table = screen.getByRole('region', { name: 'Pass in wallet' });
    expect(cellsOf(table).slice(1)).toEqual([
      ['2026-11-20', '4'],
      ['2026-11-21', '8'],
    ]);
    expect(screen.getByRole('heading', { name: 'Reports › Pass in wallet' })).toBeInTheDocument();
  });

  it('label weekly intervals with ISO weeks', async () => {
    const answer = { data: [{ from: '2026-12-28T00:00:00.000Z', value: 5 }], total: 5, previousTotal: 6 };
    const { dataProvider } = reportDataProvider({ at_least_once_register_in_wallet: answer });
    renderConsole({
      path: '/report/passatleastonceregisterinwalletoverview?interval=weekly&utcOffset=0',
      viewer: admin,
      dataProvider,
    });
    expect(await screen.findByText('Week 53 2026')).toBeInTheDocument();
    expect(screen.getByText('\u22121 (\u221216.7 %) against the previous period')).toBeInTheDocument();
  });

  it("show tags by period and in total, the empty tag as 'without tag'", async () => {
    const { dataProvider } = reportDataProvider({ download: taggedAnswer });
    renderConsole({
      path: '/report/passdownloadrequestbytagsoverview?utcOffset=0',
      viewer: admin,
      dataProvider,
    });
    const table = await screen.findByRole('region', { name: 'Downloads by tags' });
    expect(cellsOf(table)[1]).toEqual(['2026-11-21', '3', '1']);
    expect(within(table).getByRole('columnheader', { name: 'without tag' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Total' }));
    const total = await screen.findByRole('region', { name: 'All-time total by tag' });
    expect(cellsOf(total).slice(1)).toEqual([
      ['without tag', '30'],
      ['web', '7'],
    ]);
  });

  it('show active cards per project by name, with a chart and the figures per interval', async () => {
    const { getReport, dataProvider } = reportDataProvider({
      activity: {
        data: [{ projectId: P1, active: 5, registrations: 7, updates: 9 }],
        intervals: [
          { from: '2026-11-21T00:00:00.000+00:00', active: 4, registrations: 3, updates: 2 },
          { from: '2026-11-22T00:00:00.000+00:00', active: 5, registrations: 4, updates: 7 },
        ],
      },
    });
    renderConsole({ path: '/report/activecardsoverview?utcOffset=0', viewer: admin, dataProvider });
    const table = await screen.findByRole('region', { name: 'Active cards' });
    await waitFor(() => expect(cellsOf(table)[1]).toEqual(['Acme', '5', '7', '9']));
    expect(screen.getByRole('img', { name: 'Chart: Active cards' })).toBeInTheDocument();
    const perInterval = screen.getByRole('region', {
      name: 'Active cards, registrations and updates per interval',
    });
    expect(cellsOf(perInterval).slice(1)).toEqual([
      ['2026-11-21', '4', '3', '2'],
      ['2026-11-22', '5', '4', '7'],
    ]);
    expect(screen.queryByRole('combobox', { name: 'Template' })).not.toBeInTheDocument();
    expect(getReport.mock.calls[0][1]).not.toHaveProperty('interval');
  });

  it('show clicks per url, most clicked first', async () => {
    const { dataProvider } = reportDataProvider({
      links: {
        data: [
          { url: 'https://a.example', count: 2 },
          { url: 'https://b.example', count: 9 },
        ],
      },
    });
    renderConsole({ path: '/report/links', viewer: admin, dataProvider });
    const table = await screen.findByRole('region', { name: 'Links' });
    expect(cellsOf(table).slice(1)).toEqual([
      ['https://b.example', '9'],
      ['https://a.example', '2'],
    ]);
  });

  it('show the stamps and rewards of the period and per day', async () => {
    const { getReport, dataProvider } = reportDataProvider({
      stamps: {
        data: [
          { from: '2026-11-20T00:00:00.000Z', stamps: 12, rewards: 1 },
          { from: '2026-11-21T00:00:00.000Z', stamps: 5, rewards: 0 },
        ],
        stamps: 17,
        rewards: 1,
      },
    });
    renderConsole({ path: '/report/stamps', viewer: admin, dataProvider });
    const table = await screen.findByRole('region', { name: 'Stamps and rewards' });
    expect(cellsOf(table).slice(1)).toEqual([
      ['2026-11-20', '12', '1'],
      ['2026-11-21', '5', '0'],
    ]);
    expect(within(screen.getByRole('region', { name: 'Stamps' })).getByText('17')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Rewards' })).getByText('1')).toBeInTheDocument();
    expect(getReport.mock.calls[0][0]).toBe('stamps');
  });

  it("say 'No data' in a notification and a warning box when the answer is empty", async () => {
    const { dataProvider } = reportDataProvider({ register_in_wallet: emptyRows });
    renderConsole({ path: '/report/passinwalletoverview', viewer: admin, dataProvider });
    await waitFor(() =>
      expect(screen.getAllByText('There are no relevant data for the specified parameters')).toHaveLength(2),
    );
    expect(screen.getAllByText('No data')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Pass in wallet' })).not.toBeInTheDocument();
  });

  it("notify 'Graph has been updated' when a reload follows a first success", async () => {
    const { getReport, dataProvider } = reportDataProvider({ register_in_wallet: rowsAnswer });
    renderConsole({ path: '/report/passinwalletoverview', viewer: admin, dataProvider });
    await screen.findByText('+2 (+20 %) against the previous period');
    expect(screen.queryByText('Graph has been updated')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Graph has been updated')).toBeInTheDocument();
    expect(getReport).toHaveBeenCalledTimes(2);
  });

  it('show an API error readably', async () => {
    const memory = reportDataProvider({});
    renderConsole({ path: '/report/links', viewer: admin, dataProvider: memory.dataProvider });
    expect(await screen.findAllByText(/No fake answer for links/)).not.toHaveLength(0);
    expect(screen.getByText('We are sorry but something is broken')).toBeInTheDocument();
  });

  it('redirect the camel-case route to the lower-case one', async () => {
    const { dataProvider } = reportDataProvider({ register_in_wallet: rowsAnswer });
    let pathname = '';
    renderConsole({
      path: '/report/passInWalletOverview?interval=monthly',
      viewer: admin,
      dataProvider,
      onLocation: (location) => (pathname = `${location.pathname}${location.search}`),
    });
    await screen.findByText('Registrations in the period');
    expect(pathname).toBe('/report/passinwalletoverview?interval=monthly');
  });

  it('offer a holder of PASS_READ only the projects where it is held', async () => {
    const { getReport, dataProvider } = reportDataProvider({ register_in_wallet: rowsAnswer });
    const viewer = aViewer({ projects: { [P2]: Right.PASS_READ, [P1]: Right.TEMPLATE_READ } });
    renderConsole({ path: '/report/passinwalletoverview', viewer, dataProvider });
    await waitFor(() => expect(getReport).toHaveBeenCalled());
    expect(getReport.mock.calls[0][1].where).toBe(JSON.stringify({ projectId: P2 }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Project' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Zeta']);
  });

  it('deny the reports to a viewer without PASS_READ', async () => {
    const { getReport, dataProvider } = reportDataProvider({ register_in_wallet: rowsAnswer });
    const viewer = aViewer({ projects: { [P1]: Right.TEMPLATE_READ } });
    renderConsole({ path: '/report/passinwalletoverview', viewer, dataProvider });
    expect(await screen.findByText('Forbidden: Access is denied')).toBeInTheDocument();
    expect(getReport).not.toHaveBeenCalled();
  });
});

describe('report template filter without TEMPLATE_READ', () => {
  it("offers the templates of the project's passes by name, and filters by the one chosen", async () => {
    const { getReport, getReportTemplates, dataProvider } = reportDataProvider({
      register_in_wallet: rowsAnswer,
    });
    const viewer = aViewer({ projects: { [P1]: Right.PASS_READ } });
    renderConsole({ path: '/report/passinwalletoverview', viewer, dataProvider });
    await waitFor(() => expect(getReport).toHaveBeenCalled());
    expect(screen.queryByLabelText('Template id')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Coffee card' }));
    const wheres = () => getReport.mock.calls.map(([, query]) => (query as { where: string }).where);
    await waitFor(() => expect(wheres()).toContain(JSON.stringify({ projectId: P1, templateId: T1 })));
    expect(getReportTemplates).toHaveBeenCalledWith(P1);
    // the template list itself is never asked of this viewer
    expect(dataProvider.getCompleteList).not.toHaveBeenCalledWith('passes/template');
  });
});

describe('a report filter the API refuses', () => {
  it('leaves out a template id of a shared link that is not a whole id', async () => {
    const { getReport, dataProvider } = reportDataProvider({ register_in_wallet: rowsAnswer });
    renderConsole({
      path: `/report/passinwalletoverview?projectId=${P1}&templateId=3333-bad`,
      viewer: admin,
      dataProvider,
    });
    await screen.findByText('Registrations in the period');
    const wheres = getReport.mock.calls.map(([, query]) => (query as { where: string }).where);
    expect(wheres).toEqual([JSON.stringify({ projectId: P1 })]);
    expect(screen.queryByText('We are sorry but something is broken')).not.toBeInTheDocument();
  });

  it('says plainly that the filters cannot be reported on, never that something is broken', async () => {
    const { getReport, dataProvider } = reportDataProvider({ register_in_wallet: rowsAnswer });
    getReport.mockRejectedValue(
      new HttpError('Template was not found.', 404, { message: 'Template was not found.' }),
    );
    renderConsole({
      path: `/report/passinwalletoverview?projectId=${P1}&templateId=${T2}`,
      viewer: admin,
      dataProvider,
    });
    expect(await screen.findByText('The report cannot be shown for these filters')).toBeInTheDocument();
    expect(
      screen.getByText(/Choose another project or template above. The server says: Template was not found./),
    ).toBeInTheDocument();
    expect(screen.queryByText('We are sorry but something is broken')).not.toBeInTheDocument();
  });
});
