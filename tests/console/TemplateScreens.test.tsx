import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import { defaultDynamicDataJsonSchema, defaultJsonTemplate } from '../../domain/template/defaults';
import { P1, P2, aProject, aViewer, admin, memoryDataProvider, renderConsole } from './harness';
import { T1, aTemplate } from './passFixtures';

// Each test renders the whole console; some type and wait through several screens on a busy machine.
jest.setTimeout(40_000);

const editor = aViewer({
  projects: {
    [P1]: Right.TEMPLATE_READ | Right.TEMPLATE_CREATE | Right.TEMPLATE_UPDATE | Right.TEMPLATE_DELETE,
    [P2]: Right.TEMPLATE_READ,
  },
});

function open(path: string, viewer: Viewer, template = aTemplate(), locale?: string) {
  const data = memoryDataProvider({
    project: [aProject({ id: P1, name: 'Acme' }), aProject({ id: P2, name: 'Beta' })],
  });
  data.tables.template = [{ ...template }];
  const pushTemplate = jest.fn(async () => ({
    passes: 2,
    devices: 1,
    sent: 1,
    failed: 0,
    complete: true,
    campaignId: CAMPAIGN,
  }));
  Object.assign(data.provider, { pushTemplate });
  const locations: string[] = [];
  renderConsole({
    path,
    viewer,
    dataProvider: data.dataProvider,
    onLocation: (location) => locations.push(location.pathname),
    locale,
  });
  return { ...data, pushTemplate, locations };
}

const CAMPAIGN = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('template list and New dialog', () => {
  it('lists name, project and certificate, and shows admins the validity switch', async () => {
    open('/passes/template', admin);
    const row = (await screen.findByText('Coffee card')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Acme')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Certificate name/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Valid/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Validity'));
    expect(await screen.findByRole('columnheader', { name: /Valid/ })).toBeInTheDocument();
    expect(within(row).getByTitle('Valid')).toBeInTheDocument();
  });

  it('has no validity switch for a non-admin', async () => {
    open('/passes/template', editor);
    await screen.findByText('Coffee card');
    expect(screen.queryByLabelText('Validity')).not.toBeInTheDocument();
  });

  it('needs a project and a language, then creates the default template and opens it', async () => {
    const { provider, locations } = open('/passes/template/create', editor);
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please, fill this mandatory field: Project')).toBeInTheDocument();
    expect(within(dialog).getByText('Please, fill this mandatory field: Languages')).toBeInTheDocument();
    expect(provider.create).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Project/ }));
    const projects = await screen.findAllByRole('option');
    // only projects where the viewer holds TEMPLATE_CREATE
    expect(projects.map((option) => option.textContent?.trim()).filter(Boolean)).toEqual(['Acme']);
    await userEvent.click(screen.getByRole('option', { name: 'Acme' }));
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Languages/ }), 'Czech');
    await userEvent.click(await screen.findByRole('option', { name: 'Czech (cs)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(provider.create).toHaveBeenCalled());
    expect(provider.create.mock.calls[0][1].data).toEqual({
      name: 'New template',
      projectId: P1,
      languages: ['cs'],
      jsonTemplate: defaultJsonTemplate(),
      dynamicDataJsonSchema: defaultDynamicDataJsonSchema(),
    });
    await waitFor(() => expect(locations[locations.length - 1]).toMatch(/^\/passes\/template\/0{8}-/));
  });
});

describe('template editor', () => {
  afterEach(() => jest.restoreAllMocks());

  it('opens on the Designer tab; Json, Error and Google Wallet are for admins only', async () => {
    open(`/passes/template/${T1}`, editor);
    expect(await screen.findByRole('tab', { name: 'Designer', selected: true })).toBeInTheDocument();
    expect(tabNames()).toEqual(['General', 'Designer', 'Relevance keys', 'History']);
  });

  it('previews the pass on the Designer tab, placeholders with their fallbacks, in each language', async () => {
    const jsonTemplate = {
      ...defaultJsonTemplate(),
      storeCard: {
        primaryFields: [
          {
            key: 'balance',
            label: { en: 'Balance', cs: 'Zůstatek' },
            value: { type: 'number', value: '#{balance}', fallback: 0 },
            numberStyle: 'PKNumberStyleDecimal',
          },
        ],
      },
    };
    open(`/passes/template/${T1}`, editor, aTemplate({ jsonTemplate, languages: ['en', 'cs'] }));
    const balance = await screen.findByRole('button', { name: 'Edit field balance' });
    expect(balance).toHaveTextContent('Balance');
    expect(balance).toHaveTextContent('0');
    await userEvent.click(screen.getByRole('combobox', { name: 'Preview language' }));
    await userEvent.click(screen.getByRole('option', { name: 'Czech' }));
    expect(balance).toHaveTextContent('Zůstatek');
  });

  it('gives admins the Json, Error and Google Wallet tabs', async () => {
    open(`/passes/template/${T1}`, admin);
    await screen.findByRole('tab', { name: 'Designer', selected: true });
    expect(tabNames()).toEqual([
      'General',
      'Designer',
      'Relevance keys',
      'Json',
      'Error',
      'Google Wallet',
      'History',
    ]);
  });

  it('does not save an invalid template: Template not saved, Please correct the highlighted field', async () => {
    const { provider } = open(`/passes/template/${T1}`, editor);
    await userEvent.click(await screen.findByRole('tab', { name: 'Relevance keys' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add beacon' }));
    const relevance = screen.getByRole('tab', { name: 'Relevance keys' });
    await waitFor(() => expect(within(relevance).getByTestId('ErrorOutlineIcon')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template not saved')).toBeInTheDocument();
    expect(screen.getAllByText('Please correct the highlighted field').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(provider.update).not.toHaveBeenCalled();
  });

  it('saves a valid change with Apply and stays', async () => {
    const { provider, locations } = open(`/passes/template/${T1}`, editor);
    await userEvent.click(await screen.findByRole('tab', { name: 'Relevance keys' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data.jsonTemplate).toMatchObject({
      locations: [{ latitude: 50.04, longitude: 14.49 }],
    });
    expect(await screen.findByText('Update success')).toBeInTheDocument();
    expect(locations[locations.length - 1]).toBe(`/passes/template/${T1}`);
  });

  it("shows the API's refusal with its problems, and saves again afterwards", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { provider } = open(`/passes/template/${T1}`, editor);
    const refusal = {
      message: 'Template is invalid',
      errors: [{ path: '/images/logo', message: 'not found' }],
    };
    provider.update.mockRejectedValueOnce(new HttpError('Template is invalid', 400, refusal));
    await userEvent.click(await screen.findByRole('tab', { name: 'General' }));
    await userEvent.type(screen.getByLabelText(/Name/), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(`Update Template ${T1} failure`)).toBeInTheDocument();
    expect(screen.getByText('Template is invalid (/images/logo: not found)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Update success')).toBeInTheDocument();
  });

  it('notifies Error when an eleventh location is added', async () => {
    const locations = Array.from({ length: 10 }, () => ({ latitude: 1, longitude: 2 }));
    open(
      `/passes/template/${T1}`,
      editor,
      aTemplate({ jsonTemplate: { ...defaultJsonTemplate(), locations } }),
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Relevance keys' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Locations: at most 10 can be added.')).toBeInTheDocument();
    expect(screen.getByText('Locations (10/10)')).toBeInTheDocument();
  });

  it('duplicates as "{name} - copy" without id, timestamps and the Google Pay template', async () => {
    const template = aTemplate({ saveToGooglePayObjectTemplate: { classId: 'x' }, distributable: true });
    const { provider, locations } = open(`/passes/template/${T1}`, editor, template);
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(provider.create).toHaveBeenCalled());
    const [resource, { data }] = provider.create.mock.calls[0];
    expect(resource).toBe('passes/template');
    expect(data.name).toBe('Coffee card - copy');
    for (const dropped of [
      'id',
      'createdAt',
      'updatedAt',
      'deletedAt',
      'valid',
      'saveToGooglePayObjectTemplate',
    ])
      expect(data).not.toHaveProperty(dropped);
    expect(data).toMatchObject({ projectId: P1, languages: ['en'], distributable: true });
    await waitFor(() => expect(locations[locations.length - 1]).toMatch(/^\/passes\/template\/0{8}-/));
  });

  it('disables Push while there are unsaved changes, and tells when the push fails', async () => {
    const { pushTemplate } = open(`/passes/template/${T1}`, editor);
    const push = await screen.findByRole('button', { name: 'Push' });
    expect(push).toBeEnabled();
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    await userEvent.type(screen.getByLabelText(/Name/), '!');
    expect(push).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
    // back to the saved name: nothing left unsaved
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Coffee card' } });
    await waitFor(() => expect(push).toBeEnabled());
    pushTemplate.mockRejectedValueOnce(
      new HttpError('Route GET:/api/core/v1/template/x/push not found', 404, {}),
    );
    await userEvent.click(push);
    expect(await screen.findByText('Push failure')).toBeInTheDocument();
    expect(pushTemplate).toHaveBeenCalledWith(T1);
  });

  it('leads from the push notice to the push campaign', async () => {
    const { pushTemplate, locations } = open(`/passes/template/${T1}`, editor);
    await userEvent.click(await screen.findByRole('button', { name: 'Push' }));
    expect(await screen.findByText('Push done')).toBeInTheDocument();
    expect(pushTemplate).toHaveBeenCalledWith(T1);
    await userEvent.click(screen.getByRole('link', { name: 'Show progress' }));
    await waitFor(() => expect(locations[locations.length - 1]).toBe(`/passes/pushCampaign/${CAMPAIGN}`));
  });

  it('Save to Google Pay queues the updates of the passes and says how many, pointing to Background jobs', async () => {
    const template = aTemplate({ saveToGooglePayObjectTemplate: { loyaltyObject: { state: 'ACTIVE' } } });
    const { provider } = open(`/passes/template/${T1}`, editor, template);
    const updateGooglePayObjects = jest.fn(async () => ({ passes: 1200, jobId: 'a-job' }));
    Object.assign(provider, { updateGooglePayObjects });

    await userEvent.click(await screen.findByRole('button', { name: 'Save to Google Pay' }));

    expect(await screen.findByText('Save to Google Pay queued')).toBeInTheDocument();
    expect(screen.getByText('1200 Google Wallet updates queued; see Background jobs.')).toBeInTheDocument();
    expect(updateGooglePayObjects).toHaveBeenCalledWith(T1);
  });

  it('shows a distributable template its public link and warns of unsaved changes', async () => {
    open(`/passes/template/${T1}`, editor, aTemplate({ distributable: true }));
    // on the Designer tab, where the template opens
    expect(await screen.findByRole('link', { name: `http://localhost/p/t/${T1}` })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: `http://localhost/p/t/${T1}?format=qrcode` }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Template changes are not saved.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    await userEvent.type(screen.getByLabelText(/Name/), '!');
    await userEvent.click(screen.getByRole('tab', { name: 'Designer' }));
    expect(await screen.findByText('Template changes are not saved.')).toBeInTheDocument();
  });

  it('keeps the project read-only for a non-admin', async () => {
    open(`/passes/template/${T1}`, editor);
    await userEvent.click(await screen.findByRole('tab', { name: 'General' }));
    const project = screen.getByRole('combobox', { name: /Project/ });
    expect(project).toHaveTextContent('Acme');
    await userEvent.click(project);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('tells a non-admin that a template of unsupported structure cannot be edited', async () => {
    const odd = aTemplate({ jsonTemplate: { description: 'x', organizationName: 'y', foo: 1 } });
    open(`/passes/template/${T1}`, editor, odd);
    expect(
      await screen.findByText('Template format is not supported and cannot be edited.'),
    ).toBeInTheDocument();
    // no editor tab: what the page holds besides the message is the template's History
    expect(tabNames()).toEqual(['Detail', 'History']);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('lets an admin open such a template, showing Unsupported pass style and its errors', async () => {
    const odd = aTemplate({ jsonTemplate: { description: 'x', organizationName: 'y' } });
    open(`/passes/template/${T1}`, admin, odd);
    await screen.findByRole('tab', { name: 'Designer', selected: true });
    // the Designer's notice, and the error it lists
    expect(within(screen.getByRole('tabpanel')).getAllByText('Unsupported pass style')).toHaveLength(2);
    await userEvent.click(screen.getByRole('tab', { name: 'Error' }));
    expect(within(screen.getByRole('tabpanel')).getByText('Unsupported pass style')).toBeInTheDocument();
  });

  it('Error tab: says the template is clean only when Apple Wallet takes its passes too', async () => {
    const { provider } = open(`/passes/template/${T1}`, admin);
    provider.preflight.mockResolvedValue({
      errors: [{ path: '/certificateId', message: 'No signing certificate is chosen.' }],
      warnings: [],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Error' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('No signing certificate is chosen.')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'The template itself has no errors, but Apple Wallet cannot take its passes until the Wallet check errors below are fixed.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).queryByText(/has no errors or warnings/)).not.toBeInTheDocument();
  });

  it("Error tab: a Czech user reads the template's problems in Czech", async () => {
    const unfinished = aTemplate({
      jsonTemplate: { ...defaultJsonTemplate(), organizationName: ' ', description: { en: 'Card' } },
      languages: ['en', 'de'],
    });
    open(`/passes/template/${T1}`, admin, unfinished, 'cs');
    await userEvent.click(await screen.findByRole('tab', { name: 'Chyby' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Vyplňte prosím hodnotu')).toBeInTheDocument();
    expect(within(panel).getByText('Chybí překlad: němčina')).toBeInTheDocument();
    expect(within(panel).queryByText('Please fill value')).not.toBeInTheDocument();
  });

  it('Error tab: a clean template that Apple Wallet takes says so once', async () => {
    open(`/passes/template/${T1}`, admin);
    await userEvent.click(await screen.findByRole('tab', { name: 'Error' }));
    const panel = screen.getByRole('tabpanel');
    expect(
      await within(panel).findByText(
        'The template has no errors or warnings, and Apple Wallet takes its passes.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).queryByText(/cannot take/)).not.toBeInTheDocument();
  });

  it('Google Wallet tab: explains the object template above its editor, and an empty one takes the example', async () => {
    const { provider } = open(`/passes/template/${T1}`, admin);
    await userEvent.click(await screen.findByRole('tab', { name: 'Google Wallet' }));
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel).getByText(/The object template is the Google Wallet object of each pass/),
    ).toBeVisible();
    expect(within(panel).getByText(/An event ticket needs none/)).toBeVisible();
    expect(within(panel).getByText(/count as Android devices of the pass/)).toBeVisible();
    expect(within(panel).getByLabelText('Example: a loyalty card')).toHaveTextContent('"loyaltyObject"');
    expect(within(panel).getByRole('link', { name: /Google's reference/ })).toHaveAttribute(
      'href',
      'https://developers.google.com/wallet/reference/rest',
    );
    const editor = within(panel).getByRole('textbox', { name: 'Google Wallet' });
    expect(editor).toHaveValue('');

    await userEvent.click(within(panel).getByRole('button', { name: 'Use the example' }));

    expect(JSON.parse((editor as HTMLTextAreaElement).value)).toEqual(
      expect.objectContaining({ loyaltyObject: expect.objectContaining({ accountName: '#{name}' }) }),
    );
    expect(within(panel).getByRole('button', { name: 'Use the example' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data.saveToGooglePayObjectTemplate).toEqual(
      expect.objectContaining({ loyaltyClass: expect.objectContaining({ programName: 'Acme Rewards' }) }),
    );
  });

  it('Google Wallet tab: the rotating barcode is switched on with its defaults, tuned, and saved', async () => {
    const { provider } = open(`/passes/template/${T1}`, admin);
    await userEvent.click(await screen.findByRole('tab', { name: 'Google Wallet' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).queryByLabelText(/Seconds each code lasts/)).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('switch', { name: 'Rotate the barcode in Google Wallet' }));
    const period = within(panel).getByLabelText(/Seconds each code lasts/);
    expect(period).toHaveValue(30);
    await userEvent.clear(period);
    await userEvent.type(period, '10');
    await userEvent.click(within(panel).getByRole('switch', { name: /Only the live code opens the gate/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data.googleWallet).toEqual({
      rotatingBarcode: { periodSeconds: 10, digits: 8, required: true },
    });
  });

  it('Google Wallet tab: in Czech it is Peněženka Google, and the Save to Google Pay button keeps its name', async () => {
    const template = aTemplate({ saveToGooglePayObjectTemplate: { loyaltyObject: { state: 'ACTIVE' } } });
    open(`/passes/template/${T1}`, admin, template, 'cs');
    await userEvent.click(await screen.findByRole('tab', { name: 'Peněženka Google' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText(/Šablona objektu je objekt Peněženky Google/)).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Použít příklad' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Uložit do Google Pay' })).toBeInTheDocument();
  });

  it('Json tab: invalid JSON marks an error and changes nothing', async () => {
    open(`/passes/template/${T1}`, admin);
    await userEvent.click(await screen.findByRole('tab', { name: 'Json' }));
    const json = screen.getByRole('textbox', { name: 'Json' });
    await userEvent.type(json, '{{');
    expect(await screen.findByText(/^Invalid JSON:/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('offers no Save, Apply, Push or Duplicate to a viewer with TEMPLATE_READ only', async () => {
    open(`/passes/template/${T1}`, aViewer({ projects: { [P1]: Right.TEMPLATE_READ } }));
    await screen.findByRole('tab', { name: 'Designer', selected: true });
    for (const name of ['Save', 'Apply', 'Push', 'Duplicate', 'Delete'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('goes to the error page when the template cannot be read', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { provider, locations } = open(`/passes/template/${T1}`, editor);
    provider.getOne.mockRejectedValue(new HttpError('Forbidden', 403, {}));
    await waitFor(() => expect(locations[locations.length - 1]).toBe('/error/403'));
  });
});
