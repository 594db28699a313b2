import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import { defaultJsonTemplate } from '../../../domain/template/defaults';
import { validateTemplate } from '../../../domain/template/validateTemplate';
import { DesignerInputs } from '../../../src/designer/inputs/DesignerInputs';
import { aTemplate, renderDesigner } from './renderDesigner';
import { posterEventTicket } from './iosTemplate';

// Leaflet's stylesheet means nothing to jsdom.
jest.mock('leaflet/dist/leaflet.css', () => ({}));

function renderInputs(jsonTemplate: JsonTemplateT) {
  const rendered = renderDesigner(<DesignerInputs />, aTemplate(jsonTemplate));
  const jsonTemplateNow = () => rendered.form().getValues('jsonTemplate') as JsonTemplateT;
  return { ...rendered, jsonTemplateNow };
}

const openSection = (title: string) =>
  userEvent.click(screen.getByRole('button', { name: new RegExp(`^(Contains errors\\s*)?${title}$`) }));

async function choose(combobox: RegExp, option: string, within_: HTMLElement = document.body) {
  await userEvent.click(within(within_).getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const textbox = (group: string, container: HTMLElement = document.body) =>
  within(within(container).getByRole('group', { name: group })).getAllByRole('textbox')[0];

const primaryFields = [{ key: 'primary1', label: 'Event', value: 'Summer Night' }];

describe('designer inputs for iOS 18–27', () => {
  it('switches to the new layouts keeping the fields, and back to a classic style without their keys', async () => {
    const { jsonTemplateNow } = renderInputs({ ...defaultJsonTemplate(), storeCard: { primaryFields } });

    await choose(/Pass style/, 'Poster event ticket');
    expect(jsonTemplateNow()).toMatchObject({
      eventTicket: { primaryFields },
      preferredStyleSchemes: ['posterEventTicket', 'eventTicket'],
    });
    expect(jsonTemplateNow()).not.toHaveProperty('storeCard');
    expect(screen.getByText(/iOS 18 and later draw it as a poster/)).toBeInTheDocument();

    await choose(/Pass style/, 'Semantic boarding pass');
    expect(jsonTemplateNow()).toMatchObject({
      boardingPass: { primaryFields, transitType: 'PKTransitTypeAir' },
      preferredStyleSchemes: ['semanticBoardingPass', 'boardingPass'],
    });
    expect(screen.getByRole('combobox', { name: /Transit type/ })).toHaveAttribute('aria-disabled', 'true');

    await choose(/Pass style/, 'Poster generic');
    expect(jsonTemplateNow()).toMatchObject({ generic: { primaryFields }, posterGeneric: { primaryFields } });
    expect(jsonTemplateNow()).not.toHaveProperty('preferredStyleSchemes');

    await choose(/Pass style/, 'Store card');
    expect(jsonTemplateNow()).toEqual({ ...defaultJsonTemplate(), storeCard: { primaryFields } });
  });

  it('edits the semantics of a poster event ticket: required tags marked, placeholders, teams for sports', async () => {
    const { jsonTemplateNow } = renderInputs({
      ...defaultJsonTemplate(),
      storeCard: undefined,
      eventTicket: {},
      preferredStyleSchemes: ['posterEventTicket', 'eventTicket'],
    });
    await openSection('Semantics');
    expect(screen.getByRole('group', { name: 'Event name *' })).toHaveTextContent('Required for the layout');

    await userEvent.type(textbox('Event name *'), 'Summer Night');
    await userEvent.type(textbox('Attendee name'), '#{{holderName}');
    await userEvent.type(
      within(screen.getByRole('group', { name: 'Attendee name' })).getByRole('textbox', { name: 'Fallback' }),
      'Guest',
    );
    expect(jsonTemplateNow().semantics).toEqual({
      eventName: 'Summer Night',
      attendeeName: { type: 'string', value: '#{holderName}', fallback: 'Guest' },
    });

    expect(screen.queryByRole('group', { name: 'Teams' })).not.toBeInTheDocument();
    await choose(/Event type/, 'Sports');
    expect(screen.getByRole('group', { name: 'Home team abbreviation *' })).toBeInTheDocument();
    expect(jsonTemplateNow().semantics?.eventType).toBe('PKEventTypeSports');

    await userEvent.clear(textbox('Event name *'));
    expect(jsonTemplateNow().semantics).not.toHaveProperty('eventName');
  });

  it('adds, fills and removes seats', async () => {
    const { jsonTemplateNow } = renderInputs(posterEventTicket());
    await openSection('Semantics');
    await userEvent.click(screen.getByRole('button', { name: 'Add seat' }));
    const seat = screen.getByRole('group', { name: 'Seat 2' });
    await userEvent.type(textbox('Section', seat), 'B');
    await userEvent.type(textbox('Row', seat), '7');
    expect(jsonTemplateNow().semantics?.seats?.[1]).toEqual({
      seatNumber: '',
      seatSection: 'B',
      seatRow: '7',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove: Seat 1' }));
    expect(jsonTemplateNow().semantics?.seats).toEqual([{ seatNumber: '', seatSection: 'B', seatRow: '7' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove: Seat 1' }));
    expect(jsonTemplateNow().semantics).not.toHaveProperty('seats');
  });

  it('checks links as https while they are typed, and stores them', async () => {
    const { jsonTemplateNow } = renderInputs(posterEventTicket());
    await openSection('Links');
    const orderFood = screen.getByRole('textbox', { name: 'Order food' });
    await userEvent.type(orderFood, 'http://food.example');
    expect(screen.getByText('Must be an https address (https://…)')).toBeInTheDocument();
    await userEvent.clear(orderFood);
    await userEvent.type(orderFood, 'https://food.example');
    expect(screen.queryByText('Must be an https address (https://…)')).not.toBeInTheDocument();
    expect(jsonTemplateNow().orderFoodURL).toBe('https://food.example');
  });

  it('adds at most two featured actions; a place takes a Maps identifier instead of an address', async () => {
    const { jsonTemplateNow } = renderInputs(posterEventTicket());
    await openSection('Featured actions');
    await userEvent.click(screen.getByRole('button', { name: 'Add action' }));
    expect(screen.queryByRole('button', { name: 'Add action' })).not.toBeInTheDocument();

    const second = screen.getByRole('group', { name: 'Action 2' });
    await choose(/Type/, 'Place', second);
    await userEvent.type(within(second).getByRole('textbox', { name: 'Maps place identifier' }), 'I1234');
    expect(jsonTemplateNow().featuredActions?.[1]).toEqual({
      identifier: 'action2',
      type: 'place',
      placeIdentifier: 'I1234',
    });
  });

  it('adds an upcoming event with its name, date and a back field', async () => {
    const { jsonTemplateNow } = renderInputs(posterEventTicket());
    await openSection('Upcoming events');
    await userEvent.click(screen.getByRole('button', { name: 'Add upcoming event' }));
    const event = screen.getByRole('group', { name: 'Event 2' });
    await userEvent.type(textbox('Name', event), 'After party');
    await userEvent.type(textbox('Date', event), '2026-07-03T22:00:00+02:00');
    await userEvent.click(within(event).getByRole('button', { name: 'Add field (Back fields)' }));
    await userEvent.type(textbox('Value', event), 'Free drinks');
    expect(jsonTemplateNow().upcomingPassInformation?.[1]).toEqual({
      identifier: 'event2',
      type: 'event',
      name: 'After party',
      dateInformation: { date: '2026-07-03T22:00:00+02:00' },
      backFields: [{ key: 'back1', value: 'Free drinks' }],
    });
  });

  it('adds a relevant interval and says when it lasts over 24 hours', async () => {
    const { jsonTemplateNow } = renderInputs(posterEventTicket());
    await openSection('Relevance');
    await userEvent.click(screen.getByRole('button', { name: 'Add interval' }));
    const interval = screen.getByRole('group', { name: 'Interval 3' });
    await userEvent.type(textbox('From', interval), '2026-07-01T10:00:00Z');
    await userEvent.type(textbox('To', interval), '2026-07-02T12:00:00Z');
    expect(within(interval).getByText('An interval may last at most 24 hours.')).toBeInTheDocument();
    expect(jsonTemplateNow().relevantDates?.[2]).toEqual({
      startDate: '2026-07-01T10:00:00Z',
      endDate: '2026-07-02T12:00:00Z',
    });
  });

  it('offers the iOS 27 barcode formats with a classic fallback after them', async () => {
    const { jsonTemplateNow } = renderInputs({
      ...defaultJsonTemplate(),
      barcodes: [{ format: 'PKBarcodeFormatQR', message: '4006381333931', messageEncoding: 'UTF-8' }],
    });
    await openSection('Barcode');
    await choose(/^Format(?! for)/, 'EAN-13');
    expect(jsonTemplateNow().barcodes?.map((barcode) => barcode.format)).toEqual([
      'PKBarcodeFormatEAN13',
      'PKBarcodeFormatCode128',
    ]);
    expect(screen.getByText('Shown by iOS 26 and older, which cannot show EAN-13.')).toBeInTheDocument();
    await choose(/Format for older iOS/, 'QR');
    expect(jsonTemplateNow().barcodes?.[1].format).toBe('PKBarcodeFormatQR');
    await choose(/^Format(?! for)/, 'Aztec');
    expect(jsonTemplateNow().barcodes).toHaveLength(1);
  });

  it('switches NFC on and off', async () => {
    const { jsonTemplateNow } = renderInputs(defaultJsonTemplate());
    await openSection('NFC');
    await userEvent.click(screen.getByRole('switch', { name: 'NFC' }));
    await userEvent.type(textbox('Message'), 'ACME');
    await userEvent.click(screen.getByRole('switch', { name: 'Requires authentication' }));
    expect(jsonTemplateNow().nfc).toEqual({ message: 'ACME', requiresAuthentication: true });
    await userEvent.click(screen.getByRole('switch', { name: 'NFC' }));
    expect(jsonTemplateNow()).not.toHaveProperty('nfc');
  });

  it('shows a template with every new key without changing it; one edit changes only its key', async () => {
    const original = posterEventTicket();
    expect(validateTemplate({ jsonTemplate: original, languages: ['en'] }).errors).toEqual([]);
    const { jsonTemplateNow, form } = renderInputs(original);
    for (const section of [
      'Semantics',
      'Poster',
      'Barcode',
      'Links',
      'Featured actions',
      'Upcoming events',
      'Relevance',
      'NFC',
    ])
      await openSection(section);
    expect(screen.getByRole('group', { name: 'Attendee name' })).toBeInTheDocument();
    expect(jsonTemplateNow()).toEqual(original);
    expect(form().formState.isDirty).toBe(false);

    const links = screen.getByTestId('designer-inputs-links');
    await userEvent.type(within(links).getAllByRole('textbox', { name: 'Bag policy' })[0], '/v2');
    expect(jsonTemplateNow()).toEqual({ ...original, bagPolicyURL: 'https://events.example/bags/v2' });
  });
});
