import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import { P1, P2, aProject, aViewer, admin, memoryDataProvider, renderConsole } from './harness';
import { PASS1, T1, aPass, aTemplate } from './passFixtures';

// Each test renders the whole console; some type and wait through several screens on a busy machine.
jest.setTimeout(40_000);

jest.mock('../../src/resources/passes/xlsxFile', () => ({ writeXlsx: jest.fn(async () => undefined) }));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { writeXlsx } = require('../../src/resources/passes/xlsxFile') as { writeXlsx: jest.Mock };

const memberSchema = {
  type: 'object',
  title: 'Member',
  properties: {
    name: { type: 'string', title: 'Member name' },
    age: { type: 'integer', title: 'Age', minimum: 0 },
  },
  required: ['name'],
};

const passReader = aViewer({ projects: { [P1]: Right.PASS_READ | Right.TEMPLATE_READ } });
const passCreator = aViewer({
  projects: { [P1]: Right.PASS_READ | Right.PASS_CREATE | Right.TEMPLATE_READ },
});

function open(path: string, viewer: Viewer, passes = [aPass()], template = aTemplate()) {
  const data = memoryDataProvider({ project: [aProject({ id: P1, name: 'Acme' })] });
  data.tables.template = [{ ...template }];
  data.tables.pass = passes.map((pass) => ({ ...pass }));
  const locations: string[] = [];
  renderConsole({
    path,
    viewer,
    dataProvider: data.dataProvider,
    onLocation: (location) => locations.push(location.pathname),
  });
  return { ...data, locations };
}

const lastListFilter = (provider: ReturnType<typeof memoryDataProvider>['provider']) => {
  const calls = provider.getList.mock.calls.filter(([resource]) => resource === 'passes/pass');
  return calls[calls.length - 1][1].filter;
};

describe('pass list', () => {
  afterEach(() => jest.clearAllMocks());

  it('shows project, template by name, dynamic data, devices and voided', async () => {
    open('/passes/pass', admin, [
      aPass({ dynamicData: { name: 'Jane' }, devices: { total: 2, ios: 2, android: 0 } }),
    ]);
    const row = (await screen.findByText('{"name":"Jane"}')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Acme')).toBeInTheDocument();
    expect(await within(row).findByText('Coffee card')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    for (const column of ['Project', 'Template', 'Dynamic data', 'Devices', 'Voided', 'Created', 'Updated'])
      expect(screen.getByRole('columnheader', { name: new RegExp(column) })).toBeInTheDocument();
  });

  it("names each row's project from the project register, and one the register lacks by reading it", async () => {
    const PASS2 = '66666666-6666-4666-8666-666666666666';
    const { provider, tables } = open('/passes/pass', admin, [
      aPass({ dynamicData: { name: 'Jane' } }),
      aPass({ id: PASS2, projectId: P2, dynamicData: { name: 'Joe' } }),
    ]);
    // the register was read before project Beta was created
    tables.project.push(aProject({ id: P2, name: 'Beta' }));
    provider.getCompleteList.mockImplementation(async (resource: string) =>
      tables.project.filter((project) => resource === 'identity/project' && project.id === P1),
    );
    const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
    expect(await within(await rowOf('{"name":"Jane"}')).findByText('Acme')).toBeInTheDocument();
    expect(await within(await rowOf('{"name":"Joe"}')).findByText('Beta')).toBeInTheDocument();
    expect(provider.getMany).toHaveBeenCalledWith('identity/project', expect.objectContaining({ ids: [P2] }));
  });

  it('offers Edit (to the pass page) on the rows of a project whose passes the viewer may change, and no other', async () => {
    const PASS2 = '66666666-6666-4666-8666-666666666666';
    const passEditor = aViewer({
      projects: { [P1]: Right.PASS_READ | Right.PASS_UPDATE, [P2]: Right.PASS_READ },
    });
    open('/passes/pass', passEditor, [
      aPass({ dynamicData: { name: 'Jane' } }),
      aPass({ id: PASS2, projectId: P2, dynamicData: { name: 'Joe' } }),
    ]);
    const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
    const changeable = await rowOf('{"name":"Jane"}');
    expect(await within(changeable).findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/passes/pass/${PASS1}`,
    );
    expect(
      within(await rowOf('{"name":"Joe"}')).queryByRole('link', { name: 'Edit' }),
    ).not.toBeInTheDocument();
  });

  it('offers a reader no Edit: the row itself opens the pass', async () => {
    open('/passes/pass', passReader, [aPass({ dynamicData: { name: 'Jane' } })]);
    const row = (await screen.findByText('{"name":"Jane"}')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(row).toHaveClass('RaDatagrid-clickableRow');
  });

  it('offers Edit on every row to an administrator', async () => {
    const PASS2 = '66666666-6666-4666-8666-666666666666';
    open('/passes/pass', admin, [aPass(), aPass({ id: PASS2, projectId: P2 })]);
    await screen.findAllByText('Coffee card');
    expect(await screen.findAllByRole('link', { name: 'Edit' })).toHaveLength(2);
  });

  it("names each pass's template as the server does, also to a viewer who may not read templates", async () => {
    const reader = aViewer({ projects: { [P1]: Right.PASS_READ } });
    open('/passes/pass', reader, [aPass({ templateName: 'Loyalty' })]);
    expect(await screen.findByText('Loyalty')).toBeInTheDocument();
    expect(screen.queryByText(T1.split('-')[0])).not.toBeInTheDocument();
  });

  it('filters devices and downloads by choice and created by a day range', async () => {
    const { provider } = open('/passes/pass', admin);
    await screen.findByText('Coffee card');
    // the filters come right after the first rows
    await userEvent.click(await screen.findByRole('combobox', { name: 'Devices' }));
    await userEvent.click(await screen.findByRole('option', { name: 'In wallet' }));
    await waitFor(() => expect(lastListFilter(provider)).toEqual({ devices: 'some' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Downloads' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Not downloaded' }));
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(lastListFilter(provider)).toEqual({
        devices: 'some',
        downloads: 'none',
        createdAt_from: '2026-03-01',
        createdAt_to: '2026-03-31',
      }),
    );
  });

  it('offers in its project filter only the projects whose passes the viewer reads', async () => {
    const data = memoryDataProvider({
      project: [aProject({ id: P1, name: 'Acme' }), aProject({ id: P2, name: 'Beta' })],
    });
    data.tables.template = [aTemplate()];
    data.tables.pass = [aPass()];
    const viewer = aViewer({ projects: { [P1]: Right.PASS_READ, [P2]: Right.TEMPLATE_READ } });
    renderConsole({ path: '/passes/pass', viewer, dataProvider: data.dataProvider });
    await screen.findByText('Coffee card');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Project' }));
    expect(await screen.findByRole('option', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Beta' })).not.toBeInTheDocument();
  });

  it('applies an id filter only once it is a whole id, saying so meanwhile', async () => {
    const { provider } = open('/passes/pass', admin);
    await screen.findByText('Coffee card');
    await userEvent.type(await screen.findByLabelText('Id'), '5555');
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').find((alert) => alert.textContent === 'Please enter a whole id (UUID).'),
      ).toBeVisible(),
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(lastListFilter(provider)).toEqual({});
    await userEvent.clear(screen.getByLabelText('Id'));
    await userEvent.type(screen.getByLabelText('Id'), PASS1);
    await waitFor(() => expect(lastListFilter(provider)).toEqual({ id: PASS1 }));
  });

  it('offers New (to /passes/pass/new) only with PASS_CREATE', async () => {
    open('/passes/pass', passCreator);
    expect(await screen.findByRole('link', { name: 'New' })).toHaveAttribute('href', '/passes/pass/new');
  });

  it('offers no New without PASS_CREATE, and the new pass page is forbidden', async () => {
    open('/passes/pass', passReader);
    await screen.findByText('Coffee card');
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
  });

  it('closes /passes/pass/new to a viewer without PASS_CREATE with 403 in place, as every denied screen', async () => {
    const { locations, provider } = open('/passes/pass/new', passReader);
    // a busy machine: the whole console renders first
    expect(await screen.findByText('Forbidden: Access is denied', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(provider.getList).not.toHaveBeenCalledWith('passes/template', expect.anything());
    expect(locations[locations.length - 1]).toBe('/passes/pass/new');
  });

  it('shows the export progress while passes are read and the file is written', async () => {
    const { provider, tables } = open('/passes/pass', admin);
    provider.getList.mockImplementation(async () => ({ data: [aPass()], total: 2500 }));
    tables.pass = [aPass()];
    const releases: Array<() => void> = [];
    const waitForRelease = () => new Promise<void>((resolve) => releases.push(resolve));
    const readRegister = provider.getCompleteList.getMockImplementation();
    provider.getCompleteList.mockImplementation(
      async (resource: string, filter?: Record<string, unknown>, onPage?: (rowsRead: number) => void) => {
        if (resource !== 'passes/pass' || !onPage || !readRegister)
          return readRegister?.(resource, filter) ?? [];
        onPage(1000);
        await waitForRelease();
        onPage(2000);
        await waitForRelease();
        onPage(2500);
        return tables.pass;
      },
    );
    writeXlsx.mockImplementationOnce(() => waitForRelease());
    expect(await screen.findByText(/of 2500/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('status')).toHaveTextContent('40 % (1000 of 2500 rows read)');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    releases.shift()?.();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('80 % (2000 of 2500 rows read)'),
    );
    releases.shift()?.();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Writing the file…'));
    await waitFor(() => expect(releases).toHaveLength(1));
    releases.shift()?.();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('exports every pass as export_passes_{timestamp}.xlsx, asking first above 1000', async () => {
    const { provider, tables } = open('/passes/pass', admin);
    provider.getList.mockImplementation(async () => ({ data: [aPass()], total: 2500 }));
    tables.pass = [aPass({ dynamicData: { name: 'Jane' } })];
    expect(await screen.findByText(/of 2500/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(/may take long or crash the browser/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writeXlsx).toHaveBeenCalled());
    expect(provider.getCompleteList).toHaveBeenCalledWith('passes/pass', {}, expect.any(Function));
    const [rows, columns, fileName] = writeXlsx.mock.calls[0];
    expect(fileName).toMatch(/^export_passes_\d{4}-\d{2}-\d{2}T[\d-]+Z\.xlsx$/);
    expect(columns).toEqual(
      expect.arrayContaining(['project', 'template', 'dynamicData', 'devices', 'voided']),
    );
    expect(rows[0]).toMatchObject({
      id: PASS1,
      project: 'Acme',
      template: 'Coffee card',
      dynamicData: '{"name":"Jane"}',
    });
  });
});

describe('new pass', () => {
  it('builds the dynamic data form from the template schema and validates it live', async () => {
    const { provider, locations } = open(
      '/passes/pass/new',
      passCreator,
      [],
      aTemplate({ dynamicDataJsonSchema: memberSchema }),
    );
    await userEvent.click(await screen.findByRole('combobox', { name: /Template/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Coffee card (Acme)' }));
    const age = await screen.findByLabelText('Age');
    fireEvent.change(age, { target: { value: '-1' } });
    expect(await screen.findByText(/must be >= 0/)).toBeInTheDocument();
    fireEvent.change(age, { target: { value: '7' } });
    await userEvent.type(screen.getByLabelText(/Member name/), 'Jane');
    await waitFor(() => expect(screen.queryByText(/must be >= 0/)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.create).toHaveBeenCalled());
    expect(provider.create.mock.calls[0][1].data).toEqual({
      templateId: T1,
      dynamicData: { name: 'Jane', age: 7 },
    });
    await waitFor(() => expect(locations[locations.length - 1]).toMatch(/^\/passes\/pass\/0{8}-/));
  });

  it('creates after the API refused a first try', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { provider } = open('/passes/pass/new', passCreator);
    const refusal = {
      message: 'Dynamic data does not match the template',
      errors: [{ path: '/dynamicData', message: 'x' }],
    };
    provider.create.mockRejectedValueOnce(new HttpError(refusal.message, 400, refusal));
    await userEvent.click(await screen.findByRole('combobox', { name: /Template/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Coffee card (Acme)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Dynamic data does not match the template (/dynamicData: x)'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.create).toHaveBeenCalledTimes(2));
  });

  it('says when the template schema cannot drive a form, and offers plain JSON', async () => {
    const broken = { type: 'object', properties: { name: { type: 'nonsense' } } };
    open('/passes/pass/new', passCreator, [], aTemplate({ dynamicDataJsonSchema: broken }));
    await userEvent.click(await screen.findByRole('combobox', { name: /Template/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Coffee card (Acme)' }));
    expect(await screen.findByText(/Invalid Coffee card object field configuration/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Dynamic data' })).toBeInTheDocument();
  });
});

describe('pass page', () => {
  it("shows a viewer who may not read templates the pass's template by name", async () => {
    open(`/passes/pass/${PASS1}`, aViewer({ projects: { [P1]: Right.PASS_READ } }), [
      aPass({ templateName: 'Loyalty' }),
    ]);
    expect(await screen.findByDisplayValue('Loyalty')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(T1)).not.toBeInTheDocument();
  });

  it('offers no Save or Apply without PASS_UPDATE and no Delete without PASS_DELETE', async () => {
    open(`/passes/pass/${PASS1}`, passReader);
    expect(await screen.findByRole('button', { name: 'Back' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('links View, Download pkpass, Print pdf and QR code to the public pass', async () => {
    open(`/passes/pass/${PASS1}`, admin);
    expect(await screen.findByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      `/p/${PASS1}?tag=console`,
    );
    expect(screen.getByRole('link', { name: 'Download pkpass' })).toHaveAttribute(
      'href',
      `/p/${PASS1}?tag=console&format=pkpass`,
    );
    expect(screen.getByRole('link', { name: 'Print pdf' })).toHaveAttribute(
      'href',
      `/p/${PASS1}?format=pdf&tag=console`,
    );
    expect(screen.getByRole('link', { name: 'QR code' })).toHaveAttribute(
      'href',
      `/p/${PASS1}?tag=console&format=qrcode`,
    );
  });

  it('disables Download pkpass, saying why, while the Wallet check has errors', async () => {
    const data = open(`/passes/pass/${PASS1}`, admin);
    data.provider.preflight.mockResolvedValue({
      errors: [
        { path: 'WWDR_CERT', message: 'The WWDR intermediate certificate is not configured (WWDR_CERT).' },
      ],
      warnings: [],
    });
    const download = await screen.findByRole('button', { name: 'Download pkpass' });
    expect(download).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Download pkpass' })).not.toBeInTheDocument();
    // the other links still work: the page, the PDF and the QR code need no signing
    expect(screen.getByRole('link', { name: 'Print pdf' })).toBeEnabled();
    const reason = 'Apple Wallet cannot take this pass yet: fix the errors of the Wallet check first.';
    await userEvent.hover(download.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    expect(screen.getByText(/WWDR intermediate certificate is not configured/)).toBeInTheDocument();
  });

  it('offers Download pkpass of a pass signed for development only, saying iPhones will not take it', async () => {
    const data = open(`/passes/pass/${PASS1}`, admin);
    data.provider.preflight.mockResolvedValue({ errors: [], warnings: [], developmentSigned: true });
    const download = await screen.findByRole('link', { name: 'Download pkpass (development)' });
    expect(download).toHaveAttribute('href', `/p/${PASS1}?tag=console&format=pkpass`);
    await userEvent.hover(download);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'iPhones will not accept it until a certificate from Apple is uploaded',
    );
  });

  it('shows what would stop Apple Wallet taking the pass, and admins its pushes', async () => {
    const data = open(`/passes/pass/${PASS1}`, admin);
    data.provider.preflight.mockResolvedValue({
      errors: [{ path: '/images/icon', message: 'The pass needs an icon image.' }],
      warnings: [],
    });
    data.provider.getPushResults.mockResolvedValue([
      {
        id: '44444444-4444-4444-8444-444444444444',
        deviceId: 'abcdef12-4444-4444-8444-444444444444',
        status: 410,
        reason: 'Unregistered',
        createdAt: '2026-11-01T10:00:00.000Z',
      },
    ]);
    expect(await screen.findByText('The pass needs an icon image.')).toBeInTheDocument();
    expect(data.provider.preflight).toHaveBeenCalledWith('pass', PASS1);
    const pushes = await screen.findByLabelText('Apple Wallet pushes');
    expect(await within(pushes).findByText('Unregistered')).toBeInTheDocument();
    expect(within(pushes).getByText('410')).toBeInTheDocument();
  });

  it('shows no pushes to a non-admin', async () => {
    const data = open(`/passes/pass/${PASS1}`, passReader);
    expect(await screen.findByText('Apple Wallet will take the pass.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Apple Wallet pushes')).not.toBeInTheDocument();
    expect(data.provider.getPushResults).not.toHaveBeenCalled();
  });

  it('offers Delete for a live pass but not for a deleted one', async () => {
    open(`/passes/pass/${PASS1}`, admin);
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('offers no Delete for a pass already deleted', async () => {
    open(`/passes/pass/${PASS1}`, admin, [aPass({ deletedAt: '2026-02-01T00:00:00.000Z' })]);
    expect(await screen.findByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows the tabs by template and rights, and saves the voided checkbox', async () => {
    const template = aTemplate({ saveToGooglePayObjectTemplate: { classId: 'x' } });
    const { provider } = open(`/passes/pass/${PASS1}`, admin, [aPass()], template);
    await screen.findByRole('tab', { name: 'Save to Google Pay' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Dynamic data',
      'Dynamic images',
      'JSON',
      'Save to Google Pay',
      'History',
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Voided' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({ voided: true, templateId: T1 });
  });

  it('hides the JSON tab from a non-admin', async () => {
    open(`/passes/pass/${PASS1}`, passReader);
    await screen.findByRole('tab', { name: 'Dynamic images' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General',
      'Dynamic data',
      'Dynamic images',
      'History',
    ]);
  });
});
