import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification } from 'react-admin';
import type { AppStoreApp } from '../../../domain/schemas/appStore';
import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import { defaultJsonTemplate } from '../../../domain/template/defaults';
import { DesignerInputs } from '../../../src/designer/inputs/DesignerInputs';
import { AppStoreClientProvider, type AppStoreClient } from '../../../src/designer/inputs/appStoreClient';
import { ConfigProvider } from '../../../src/config';
import { memoryDataProvider, testConfig } from '../harness';
import { anImage } from '../imageFixtures';
import { aTemplate, renderDesigner } from './renderDesigner';

const FACEBOOK: AppStoreApp = {
  id: 284882215,
  name: 'Facebook',
  developer: 'Meta Platforms, Inc.',
  iconUrl: 'https://is1.example/facebook.png',
};
const INSTAGRAM: AppStoreApp = {
  id: 389801252,
  name: 'Instagram',
  developer: 'Instagram, Inc.',
  iconUrl: '',
};

function fakeAppStore(): jest.Mocked<AppStoreClient> {
  return {
    search: jest.fn(async (_term: string) => [FACEBOOK, INSTAGRAM]),
    lookup: jest.fn(async (id: number) => {
      const app = [FACEBOOK, INSTAGRAM].find((each) => each.id === id);
      if (!app) throw new HttpError(`An app with the id ${id} in the App Store was not found.`, 404, {});
      return app;
    }),
  };
}

// Leaflet's stylesheet means nothing to jsdom.
jest.mock('leaflet/dist/leaflet.css', () => ({}));

function renderInputs(
  jsonTemplate: JsonTemplateT,
  options: {
    appStore?: AppStoreClient;
    data?: ReturnType<typeof memoryDataProvider>;
    readOnly?: boolean;
    mapTileUrl?: string;
    languages?: string[];
  } = {},
) {
  const appStore = options.appStore ?? fakeAppStore();
  const rendered = renderDesigner(
    <ConfigProvider config={{ ...testConfig, mapTileUrl: options.mapTileUrl ?? '' }}>
      <AppStoreClientProvider client={appStore}>
        <DesignerInputs />
        <Notification />
      </AppStoreClientProvider>
    </ConfigProvider>,
    aTemplate(jsonTemplate, { languages: options.languages ?? ['en'] }),
    { dataProvider: options.data, readOnly: options.readOnly },
  );
  const jsonTemplateNow = () => rendered.form().getValues('jsonTemplate') as JsonTemplateT;
  return { ...rendered, appStore, jsonTemplateNow };
}

const sectionButton = (title: string) =>
  screen.getByRole('button', { name: new RegExp(`^(Contains errors\\s*)?${title}$`) });
/** The accessible name of a section marked as holding errors. */
const marked = (title: string) => new RegExp(`^Contains errors\\s*${title}$`);
const openSection = (title: string) => userEvent.click(sectionButton(title));

async function choose(combobox: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const primaryFields = [{ key: 'primary1', label: 'Points', value: '120' }];

describe('designer inputs', () => {
  it('moves the body to a new pass style; boardingPass gets the generic transit type, others lose it', async () => {
    const { jsonTemplateNow } = renderInputs({ ...defaultJsonTemplate(), storeCard: { primaryFields } });

    await choose(/Pass style/, 'Boarding pass');
    expect(jsonTemplateNow().storeCard).toBeUndefined();
    expect(jsonTemplateNow().boardingPass).toEqual({ primaryFields, transitType: 'PKTransitTypeGeneric' });
    expect(screen.getByRole('combobox', { name: /Transit type/ })).toHaveTextContent('Generic');

    await choose(/Transit type/, 'Train');
    expect(jsonTemplateNow().boardingPass?.transitType).toBe('PKTransitTypeTrain');

    await choose(/Pass style/, 'Coupon');
    expect(jsonTemplateNow().boardingPass).toBeUndefined();
    expect(jsonTemplateNow().coupon).toEqual({ primaryFields });
    expect(screen.queryByRole('combobox', { name: /Transit type/ })).not.toBeInTheDocument();
  });

  it('sets the grouping identifier and sharing, and removes them when emptied or switched off', async () => {
    const { jsonTemplateNow } = renderInputs(defaultJsonTemplate());
    await userEvent.type(screen.getByRole('textbox', { name: 'Grouping identifier' }), 'festival');
    await userEvent.click(screen.getByRole('switch', { name: 'Sharing prohibited' }));
    expect(jsonTemplateNow()).toMatchObject({ groupingIdentifier: 'festival', sharingProhibited: true });

    await userEvent.clear(screen.getByRole('textbox', { name: 'Grouping identifier' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Sharing prohibited' }));
    expect(jsonTemplateNow()).not.toHaveProperty('groupingIdentifier');
    expect(jsonTemplateNow()).not.toHaveProperty('sharingProhibited');
  });

  it('adds a barcode; Code 128 adds the fallback, QR removes it; Remove barcode removes all barcode data', async () => {
    const { jsonTemplateNow } = renderInputs(defaultJsonTemplate());
    await openSection('Barcode');
    expect(screen.getByText('The pass has no barcode.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add barcode' }));
    expect(jsonTemplateNow().barcodes).toEqual([
      { format: 'PKBarcodeFormatQR', message: '', messageEncoding: 'UTF-8' },
    ]);

    await choose(/^Format/, 'Code 128');
    expect(jsonTemplateNow().barcodes?.map((barcode) => barcode.format)).toEqual([
      'PKBarcodeFormatCode128',
      'PKBarcodeFormatQR',
    ]);
    await choose(/Fallback format/, 'PDF417');
    expect(jsonTemplateNow().barcodes?.[1].format).toBe('PKBarcodeFormatPDF417');

    // the message goes to both barcodes
    const message = within(screen.getByRole('group', { name: 'Message' })).getAllByRole('textbox')[0];
    await userEvent.type(message, 'ABC-1');
    expect(jsonTemplateNow().barcodes).toEqual([
      { format: 'PKBarcodeFormatCode128', message: 'ABC-1', messageEncoding: 'UTF-8' },
      { format: 'PKBarcodeFormatPDF417', message: 'ABC-1', messageEncoding: 'UTF-8' },
    ]);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Message encoding' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message encoding' }), 'iso-8859-1');
    expect(jsonTemplateNow().barcodes?.map((barcode) => barcode.messageEncoding)).toEqual([
      'iso-8859-1',
      'iso-8859-1',
    ]);

    await choose(/^Format/, 'QR');
    expect(jsonTemplateNow().barcodes).toEqual([
      { format: 'PKBarcodeFormatQR', message: 'ABC-1', messageEncoding: 'iso-8859-1' },
    ]);
    expect(screen.queryByRole('combobox', { name: /Fallback format/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove barcode' }));
    expect(jsonTemplateNow()).not.toHaveProperty('barcodes');
    expect(screen.getByRole('button', { name: 'Add barcode' })).toBeInTheDocument();
  });

  it('shows the image slots of each pass style', async () => {
    renderInputs({ ...defaultJsonTemplate(), storeCard: {} });
    await openSection('Images');
    const slots = () =>
      screen.getAllByTestId(/^image-slot-/).map((slot) => slot.getAttribute('data-testid')?.slice(11));
    expect(slots()).toEqual(['logo', 'icon', 'strip']);
    await choose(/Pass style/, 'Event ticket');
    expect(slots()).toEqual(['logo', 'icon', 'strip', 'thumbnail', 'background']);
    await choose(/Pass style/, 'Generic');
    expect(slots()).toEqual(['logo', 'icon', 'thumbnail']);
    await choose(/Pass style/, 'Boarding pass');
    expect(slots()).toEqual(['logo', 'icon', 'footer']);
    await choose(/Pass style/, 'Coupon');
    expect(slots()).toEqual(['logo', 'icon', 'strip']);
  });

  it("chooses a slot's image in the picker, per language once translated, and removes it", async () => {
    const data = memoryDataProvider();
    data.tables.image = [anImage(1), anImage(2, { name: 'Logo 2' })];
    const { form } = renderInputs(defaultJsonTemplate(), { data, languages: ['en', 'cs'] });
    await openSection('Images');
    const logo = screen.getByTestId('image-slot-logo');
    await userEvent.click(within(logo).getByRole('button', { name: 'Choose' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose an image: Logo' });
    await userEvent.click(await within(picker).findByRole('button', { name: 'Logo 1' }));
    await waitFor(() => expect(form().getValues('images')).toEqual({ logo: anImage(1).id }));
    expect(within(logo).getByRole('img', { name: 'Logo image' })).toHaveAttribute(
      'src',
      `/p/image/${anImage(1).id}`,
    );

    await userEvent.click(within(logo).getByRole('switch', { name: 'Image per language' }));
    expect(form().getValues('images')).toEqual({ logo: { en: anImage(1).id, cs: anImage(1).id } });
    await userEvent.click(within(logo).getByRole('button', { name: 'Choose (cs)' }));
    await userEvent.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Logo 2' }),
    );
    await waitFor(() =>
      expect(form().getValues('images')).toEqual({ logo: { en: anImage(1).id, cs: anImage(2).id } }),
    );

    await userEvent.click(within(logo).getByRole('button', { name: 'Remove' }));
    expect(form().getValues('images')).toEqual({});
  });

  it('notifies Error when an eleventh location is added, and adds one below the limit', async () => {
    const locations = Array.from({ length: 10 }, (_, index) => ({
      latitude: 50 + index / 100,
      longitude: 14.5,
    }));
    const { jsonTemplateNow } = renderInputs({ ...defaultJsonTemplate(), locations });
    await openSection('Relevance');
    expect(screen.queryByRole('application')).not.toBeInTheDocument(); // no map without a tile address
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Locations: at most 10 can be added.')).toBeInTheDocument();
    expect(jsonTemplateNow().locations).toHaveLength(10);

    await userEvent.click(screen.getByRole('button', { name: 'Remove: Location 10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    expect(jsonTemplateNow().locations?.[9]).toEqual({ latitude: 50.04, longitude: 14.49 });
  });

  it('edits a location and a beacon; an emptied coordinate is removed and shown as an error', async () => {
    const { jsonTemplateNow } = renderInputs(defaultJsonTemplate());
    await openSection('Relevance');
    await userEvent.type(screen.getByRole('textbox', { name: 'Maximum distance (m)' }), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    const location = screen.getByRole('group', { name: 'Location 1' });
    const latitude = within(location).getByRole('textbox', { name: 'Latitude' });
    await userEvent.clear(latitude);
    await userEvent.type(latitude, '49,5');
    expect(jsonTemplateNow()).toMatchObject({
      maxDistance: 150,
      locations: [{ latitude: 49.5, longitude: 14.49 }],
    });
    await userEvent.clear(latitude);
    expect(jsonTemplateNow().locations).toEqual([{ longitude: 14.49 }]);
    expect(await within(location).findByText(/required property 'latitude'/)).toBeInTheDocument();
    expect(sectionButton('Relevance')).toHaveAccessibleName(marked('Relevance'));

    await userEvent.click(screen.getByRole('button', { name: 'Add beacon' }));
    const beacon = screen.getByRole('group', { name: 'Beacon 1' });
    await userEvent.type(
      within(beacon).getByRole('textbox', { name: /Proximity UUID/ }),
      'E2C56DB5-DFFB-48D2-B060-D0F5A71096E0',
    );
    await userEvent.type(within(beacon).getByRole('textbox', { name: 'Major' }), '7');
    await userEvent.type(within(beacon).getByRole('textbox', { name: 'Minor' }), '1.5');
    expect(within(beacon).getByText('Please enter a whole number')).toBeInTheDocument();
    expect(jsonTemplateNow().beacons).toEqual([
      { proximityUUID: 'E2C56DB5-DFFB-48D2-B060-D0F5A71096E0', major: 7, minor: 1 },
    ]);
  });

  it('shows a map of the locations when a tile address is configured; a click places the selected one', async () => {
    const locations = [
      { latitude: 50.1, longitude: 14.4 },
      { latitude: 49.2, longitude: 16.6 },
    ];
    const { jsonTemplateNow } = renderInputs(
      { ...defaultJsonTemplate(), locations },
      { mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png' },
    );
    await openSection('Relevance');
    const map = await screen.findByRole('application', { name: 'Map of the locations' });
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(2));
    expect(map.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(
      /^https:\/\/tiles\.example\/15\//,
    );

    await userEvent.click(
      within(screen.getByRole('group', { name: 'Location 2' })).getByRole('button', {
        name: 'Place on the map',
      }),
    );
    await userEvent.click(map, { clientX: 0, clientY: 0 } as never);
    const [first, second] = jsonTemplateNow().locations ?? [];
    expect(first).toEqual(locations[0]);
    expect(second).not.toEqual(locations[1]);
    expect(second.latitude).toBeCloseTo(49.2, 0);
  });

  describe('associated apps', () => {
    const withApps = (ids: number[]) => ({ ...defaultJsonTemplate(), associatedStoreIdentifiers: ids });

    async function addById(id: string) {
      const input = screen.getByRole('textbox', { name: 'App Store id' });
      await userEvent.clear(input);
      await userEvent.type(input, id);
      await userEvent.click(screen.getByRole('button', { name: 'Add by id' }));
    }

    it('refuses an id already present with "already contains app with ID", without asking the App Store', async () => {
      const { appStore, jsonTemplateNow } = renderInputs(withApps([FACEBOOK.id]));
      await openSection('Associated apps');
      await addById(String(FACEBOOK.id));
      expect(await screen.findByText(`already contains app with ID ${FACEBOOK.id}`)).toBeInTheDocument();
      expect(screen.getByText('Error')).toBeInTheDocument();
      expect(appStore.lookup).not.toHaveBeenCalled();
      expect(jsonTemplateNow().associatedStoreIdentifiers).toEqual([FACEBOOK.id]);
    });

    it('looks an id up before adding it; a failed lookup shows "error fetching app with id"', async () => {
      const { appStore, jsonTemplateNow } = renderInputs(defaultJsonTemplate());
      await openSection('Associated apps');
      await addById('123');
      expect(await screen.findByText('error fetching app with id 123')).toBeInTheDocument();
      expect(appStore.lookup).toHaveBeenCalledWith(123);
      expect(jsonTemplateNow()).not.toHaveProperty('associatedStoreIdentifiers');
      // the App Store answered: there is no such app, so there is nothing to add anyway
      expect(screen.queryByRole('button', { name: 'Add without checking' })).not.toBeInTheDocument();

      await addById(String(INSTAGRAM.id));
      await waitFor(() => expect(jsonTemplateNow().associatedStoreIdentifiers).toEqual([INSTAGRAM.id]));
      expect(screen.getByText(`Instagram (${INSTAGRAM.id})`)).toBeInTheDocument();

      await addById('12ab');
      expect(screen.getByText(/Enter the app’s id/)).toBeInTheDocument();
    });

    it('adds an id after confirming when the App Store cannot be asked', async () => {
      const appStore = fakeAppStore();
      appStore.lookup.mockRejectedValue(
        new HttpError('The App Store search service cannot be reached', 503, {}),
      );
      const { jsonTemplateNow } = renderInputs(defaultJsonTemplate(), { appStore });
      await openSection('Associated apps');
      await addById('555');
      expect(await screen.findByText('error fetching app with id 555')).toBeInTheDocument();
      await userEvent.click(await screen.findByRole('button', { name: 'Add without checking' }));
      expect(jsonTemplateNow().associatedStoreIdentifiers).toEqual([555]);
    });

    it('adds apps found by the search, and removes them by their chips', async () => {
      const { appStore, jsonTemplateNow } = renderInputs(withApps([INSTAGRAM.id]));
      await openSection('Associated apps');
      await userEvent.type(screen.getByRole('textbox', { name: 'Search the App Store' }), 'face{Enter}');
      const results = await screen.findByRole('list', { name: 'Search the App Store' });
      expect(appStore.search).toHaveBeenCalledWith('face');
      expect(within(results).getByText('Facebook')).toBeInTheDocument();
      expect(within(results).getByText(/Meta Platforms, Inc\./)).toBeInTheDocument();
      expect(within(results).getByRole('button', { name: 'Add Instagram' })).toBeDisabled();

      await userEvent.click(within(results).getByRole('button', { name: 'Add Facebook' }));
      expect(jsonTemplateNow().associatedStoreIdentifiers).toEqual([INSTAGRAM.id, FACEBOOK.id]);

      await userEvent.click(screen.getByTitle(`Remove ${INSTAGRAM.id}`));
      expect(jsonTemplateNow().associatedStoreIdentifiers).toEqual([FACEBOOK.id]);
      await userEvent.click(screen.getByTitle(`Remove Facebook (${FACEBOOK.id})`));
      expect(jsonTemplateNow()).not.toHaveProperty('associatedStoreIdentifiers');
    });

    it('says so when the search is unavailable, and adding by id still works', async () => {
      const appStore = fakeAppStore();
      appStore.search.mockRejectedValue(
        new HttpError('The App Store search service cannot be reached.', 503, {}),
      );
      const { jsonTemplateNow } = renderInputs(defaultJsonTemplate(), { appStore });
      await openSection('Associated apps');
      await userEvent.type(screen.getByRole('textbox', { name: 'Search the App Store' }), 'face');
      await userEvent.click(screen.getByRole('button', { name: 'Search' }));
      expect(await screen.findByText(/The App Store search is not available now/)).toBeInTheDocument();
      await addById(String(FACEBOOK.id));
      await waitFor(() => expect(jsonTemplateNow().associatedStoreIdentifiers).toEqual([FACEBOOK.id]));
    });
  });

  it('marks the sections that hold errors', async () => {
    renderInputs({ ...defaultJsonTemplate(), backgroundColor: 'red', storeCard: {} });
    expect(sectionButton('Colours')).toHaveAccessibleName(marked('Colours'));
    expect(sectionButton('Pass')).toHaveAccessibleName('Pass');
    // the title in the theme's error colour, the others in the text colour
    const colourOf = (title: string) => getComputedStyle(within(sectionButton(title)).getByText(title)).color;
    expect(colourOf('Colours')).not.toBe(colourOf('Pass'));
    expect(colourOf('Barcode')).toBe(colourOf('Pass'));
    expect(sectionButton('Barcode')).toHaveAccessibleName('Barcode');
  });

  it('shows everything read-only without buttons that change the template', async () => {
    renderInputs(withBarcode(), { readOnly: true });
    expect(screen.getByRole('combobox', { name: /Pass style/ })).toHaveAttribute('aria-disabled', 'true');
    await openSection('Barcode');
    expect(screen.queryByRole('button', { name: 'Remove barcode' })).not.toBeInTheDocument();
    await openSection('Relevance');
    expect(screen.queryByRole('button', { name: 'Add location' })).not.toBeInTheDocument();
  });
});

function withBarcode(): JsonTemplateT {
  return {
    ...defaultJsonTemplate(),
    barcodes: [{ format: 'PKBarcodeFormatQR', message: 'M', messageEncoding: 'UTF-8' }],
  };
}
