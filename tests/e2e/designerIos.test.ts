import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import { defaultDynamicDataJsonSchema, defaultJsonTemplate } from '../../domain/template/defaults';
import { posterEventTicket } from '../console/designer/iosTemplate';
import { solidPng } from '../pngFiles';
import {
  SCREENSHOTS,
  adminToken,
  api,
  openDesignerSection,
  signIn,
  startJourney,
  uploadImage,
  type Journey,
} from './browser';

const fill = (scope: Page | Locator, group: string, text: string) =>
  scope.getByRole('group', { name: group, exact: true }).getByRole('textbox').first().fill(text);

describe('designer of iOS 18–27 passes in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let token: string;
  let projectId: string;
  let secondaryLogoId: string;

  beforeAll(async () => {
    journey = await startJourney(18460);
    token = await adminToken(journey);
    projectId = (await api(journey, token, 'POST', '/v1/project', { name: 'Acme Events' })).id;
    secondaryLogoId = (
      await uploadImage(
        journey,
        token,
        { projectId, type: 'secondaryLogo', name: 'Concert logo' },
        solidPng(270, 60, [230, 180, 40]),
      )
    ).id;
    page = await journey.newPage(1400, 1000);
    await signIn(page, journey.server.url, journey.server.admin.email, journey.server.admin.password);
    await page.getByText('An application to view, manage and report passes.').waitFor();
  }, 90_000);

  afterAll(async () => {
    await journey?.close();
  });

  const preview = () => page.getByTestId('pass-preview');
  const newTemplate = async (name: string, jsonTemplate: object) =>
    (
      await api(journey, token, 'POST', '/v1/template', {
        name,
        projectId,
        languages: ['en'],
        jsonTemplate,
        dynamicDataJsonSchema: defaultDynamicDataJsonSchema(),
      })
    ).id as string;
  const openDesigner = async (templateId: string) => {
    await page.goto(`${journey.server.url}/passes/template/${templateId}`);
    await page.getByRole('tab', { name: 'Designer', selected: true }).waitFor();
    await preview().waitFor();
  };
  const apply = async () => {
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Apply' }).and(page.locator('[disabled]')).waitFor();
  };

  it('builds a poster event ticket with semantics, seats, links, actions and an upcoming event; saved JSON survives a reload', async () => {
    const templateId = await newTemplate('Concert', defaultJsonTemplate());
    await openDesigner(templateId);

    await page.getByRole('combobox', { name: /Pass style/ }).click();
    await page.getByRole('option', { name: 'Poster event ticket' }).click();

    await openDesignerSection(page, 'Semantics');
    await fill(page, 'Event name *', 'Summer Night');
    await fill(page, 'Start', '2026-07-01T19:30:00+02:00');
    await fill(page, 'Venue name *', 'O2 Arena');
    await fill(page, 'Venue region (city) *', 'Prague');
    await fill(page, 'Room or stage *', 'Main hall');
    await page.getByRole('button', { name: 'Add seat' }).click();
    const seat = page.getByRole('group', { name: 'Seat 1', exact: true });
    await fill(seat, 'Section', 'A');
    await fill(seat, 'Row', '4');
    await fill(seat, 'Number', '12');

    await openDesignerSection(page, 'Links');
    await page.getByRole('textbox', { name: 'Bag policy' }).fill('http://events.example/bags');
    await page.getByText('Must be an https address (https://…)').waitFor();
    await page.getByRole('textbox', { name: 'Bag policy' }).fill('https://events.example/bags');

    await openDesignerSection(page, 'Featured actions');
    await page.getByRole('button', { name: 'Add action' }).click();
    await page
      .getByRole('group', { name: 'Action 1', exact: true })
      .getByRole('textbox', { name: 'Address' })
      .fill('https://events.example/schedule');

    await openDesignerSection(page, 'Upcoming events');
    await page.getByRole('button', { name: 'Add upcoming event' }).click();
    await fill(page.getByRole('group', { name: 'Event 1', exact: true }), 'Name', 'Summer Night, day 2');

    await openDesignerSection(page, 'Images');
    await page.getByTestId('image-slot-secondaryLogo').getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Concert logo' }).click();

    await openDesignerSection(page, 'Barcode');
    await page.getByRole('button', { name: 'Add barcode' }).click();
    await fill(page, 'Message', 'TICKET-0001');
    await preview().getByRole('img', { name: 'QR barcode' }).waitFor();

    await apply();
    const expected = {
      ...defaultJsonTemplate(),
      storeCard: undefined,
      eventTicket: {},
      preferredStyleSchemes: ['posterEventTicket', 'eventTicket'],
      semantics: {
        eventName: 'Summer Night',
        eventStartDate: '2026-07-01T19:30:00+02:00',
        venueName: 'O2 Arena',
        venueRegionName: 'Prague',
        venueRoom: 'Main hall',
        seats: [{ seatSection: 'A', seatRow: '4', seatNumber: '12' }],
      },
      bagPolicyURL: 'https://events.example/bags',
      featuredActions: [
        { identifier: 'action1', type: 'viewSchedule', url: 'https://events.example/schedule' },
      ],
      upcomingPassInformation: [{ identifier: 'event1', type: 'event', name: 'Summer Night, day 2' }],
      barcodes: [{ format: 'PKBarcodeFormatQR', message: 'TICKET-0001', messageEncoding: 'UTF-8' }],
    };
    const saved = await api(journey, token, 'GET', `/v1/template/${templateId}`);
    expect(saved.jsonTemplate).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(saved.images.secondaryLogo).toBe(secondaryLogoId);
    expect(saved.valid).toBe(true);

    await page.reload();
    const poster = page.getByTestId('poster-event-ticket');
    await poster.getByRole('img', { name: 'Secondary logo' }).waitFor();
    await preview().getByRole('img', { name: 'QR barcode' }).waitFor();
    for (const text of ['Summer Night', 'Jul 1, 2026, 7:30 PM', 'O2 Arena · Main hall'])
      expect(await poster.innerText()).toContain(text);
    await preview().screenshot({ path: path.join(SCREENSHOTS, 'designer-ios-poster.png') });

    await page.getByRole('switch', { name: 'iOS 17 view' }).check();
    await poster.waitFor({ state: 'detached' });
    await preview().getByRole('group', { name: 'Primary fields' }).waitFor();
    await preview().screenshot({ path: path.join(SCREENSHOTS, 'designer-ios-ios17.png') });
    // the view is the preview's own: the template is unchanged
    expect((await api(journey, token, 'GET', `/v1/template/${templateId}`)).jsonTemplate).toEqual(
      saved.jsonTemplate,
    );
  }, 180_000);

  it('shows a template with every new key without changing it; one edit saves only that key', async () => {
    const original = posterEventTicket();
    const templateId = await newTemplate('Every key', original);
    await openDesigner(templateId);
    for (const section of [
      'Semantics',
      'Poster',
      'Links',
      'Featured actions',
      'Upcoming events',
      'Relevance',
      'NFC',
    ])
      await openDesignerSection(page, section);
    await openDesignerSection(page, 'Barcode');
    await page.getByRole('group', { name: 'Attendee name', exact: true }).waitFor();
    await preview().getByRole('img', { name: 'EAN-13 barcode' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'designer-ios-every-key.png'), fullPage: true });
    // nothing shown changed the form: Apply stays disabled
    await page.getByRole('button', { name: 'Apply' }).and(page.locator('[disabled]')).waitFor();

    await page
      .getByTestId('designer-inputs-links')
      .getByRole('textbox', { name: 'Bag policy' })
      .first()
      .fill('https://events.example/bags/v2');
    await apply();
    const saved = await api(journey, token, 'GET', `/v1/template/${templateId}`);
    expect(saved.jsonTemplate).toEqual({ ...original, bagPolicyURL: 'https://events.example/bags/v2' });
  }, 180_000);
});
