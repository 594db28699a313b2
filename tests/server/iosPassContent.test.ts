import crypto from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { solidPng } from '../pngFiles';
import { applePassJsonProblems } from './applePassJsonSchema';
import { expectError, type TestServer } from './harness';
import { coreApi } from './passFixtures';
import {
  aSignableTemplate,
  setUpSigningWithIcon,
  startSigningTestServer,
  uploadImage,
  type SigningSetUp,
} from './walletFixtures';

// RSA key generation, a real PGlite and signing: a busy two-core machine needs time.
jest.setTimeout(60_000);

/** The tags a poster event ticket needs, a live performance's included. */
const POSTER_SEMANTICS = {
  eventName: 'Spring concert',
  venueName: 'Rudolfinum',
  venueRegionName: 'Prague',
  venueRoom: 'Dvořák Hall',
  eventType: 'PKEventTypeLivePerformance',
  performerNames: ['Czech Philharmonic'],
};
/** Everything a semantic boarding pass needs. */
const BOARDING_SEMANTICS = {
  airlineCode: 'OK',
  flightNumber: { type: 'number', value: '#{flight}', fallback: 1 },
  departureAirportCode: 'PRG',
  destinationAirportCode: 'CDG',
  departureCityName: 'Prague',
  destinationCityName: 'Paris',
  departureLocationTimeZone: 'Europe/Prague',
  destinationLocationTimeZone: 'Europe/Paris',
  originalBoardingDate: '2030-05-01T07:30:00+02:00',
  originalDepartureDate: '2030-05-01T08:00:00+02:00',
  originalArrivalDate: '2030-05-01T10:00:00+02:00',
  passengerName: { givenName: { type: 'string', value: '#{given}', fallback: 'Guest' }, familyName: 'Nová' },
};

describe('pass content of iOS 18–27 (pglite)', () => {
  let server: TestServer;
  let admin: string;
  let projectId: string;
  let signing: SigningSetUp;
  let iconId: string;
  const images: Record<string, { id: string; data: Buffer }> = {};
  const api = coreApi(() => server);

  beforeAll(async () => {
    server = await startSigningTestServer('pglite');
    admin = await server.adminToken();
    projectId = await server.createProject('Posters');
    ({ iconId, ...signing } = await setUpSigningWithIcon(server, admin, projectId));
    const sizes = {
      artwork: [716, 896],
      secondaryLogo: [270, 60],
      venueMap: [640, 480],
      primaryLogo: [252, 80],
    } as const;
    for (const [type, [width, height]] of Object.entries(sizes)) {
      const data = solidPng(width, height, [20, 60, 120]);
      images[type] = {
        id: await uploadImage(server, admin, projectId, type as keyof typeof sizes, data),
        data,
      };
    }
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** A template of the style given in `jsonTemplate` (its store card replaced), signable, with these images. */
  const templateOf = (jsonTemplate: Record<string, unknown>, templateImages: Record<string, string> = {}) => {
    const base = aSignableTemplate(projectId, signing.certificateId, { icon: iconId, ...templateImages });
    const { storeCard: _storeCard, ...common } = base.jsonTemplate;
    void _storeCard;
    return {
      ...base,
      dynamicDataJsonSchema: { type: 'object' },
      jsonTemplate: { ...common, ...jsonTemplate },
    };
  };
  const eventTicket = (changes: Record<string, unknown> = {}) => ({
    eventTicket: {
      primaryFields: [{ key: 'event', label: 'Event', value: 'Spring concert' }],
      additionalInfoFields: [{ key: 'doors', label: 'Doors', value: 'Open at 19:00' }],
    },
    preferredStyleSchemes: ['posterEventTicket', 'eventTicket'],
    semantics: POSTER_SEMANTICS,
    ...changes,
  });

  const created = async (body: Record<string, unknown>, dynamicData: Record<string, unknown> = {}) => {
    const template = await api.created(admin, 'template', body);
    const pass = await api.created(admin, 'pass', { templateId: template.id, dynamicData });
    return { template, pass };
  };
  const pkpassOf = (passId: string) =>
    server.call(undefined, { method: 'GET', url: `/p/${passId}?format=pkpass` });
  /** Signs a pass of the template through the public link and answers its files and pass.json, checked against Apple's format. */
  const signed = async (body: Record<string, unknown>, dynamicData: Record<string, unknown> = {}) => {
    const { template, pass } = await created(body, dynamicData);
    const response = await pkpassOf(pass.id);
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const json = JSON.parse(strFromU8(files['pass.json'])) as Record<string, unknown>;
    expect(applePassJsonProblems(json)).toEqual([]);
    return { template, pass, files, json };
  };
  const preflightOf = async (kind: 'template' | 'pass', id: string) => {
    const response = await api.call(admin, 'GET', `${kind}/${id}/preflight`);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      errors: Array<{ path: string; message: string }>;
      warnings: Array<{ path: string; message: string }>;
    };
  };
  /** A template the API no longer saves (as written before today's rules): straight into the database. */
  const storedAsIs = async (templateId: string, jsonTemplate: Record<string, unknown>) =>
    server.context.db
      .updateTable('template')
      .set({ jsonTemplate: JSON.stringify(jsonTemplate), updatedAt: new Date() })
      .where('id', '=', templateId)
      .execute();

  describe('poster event ticket (iOS 18)', () => {
    it('signs semantics with placeholders filled, the event guide, the poster options and its images', async () => {
      const { json, files } = await signed(
        templateOf(
          eventTicket({
            semantics: {
              ...POSTER_SEMANTICS,
              attendeeName: '#{holderName}',
              eventStartDate: '2030-05-01T19:30:00+02:00',
              eventStartDateInfo: {
                date: { type: 'date', value: '#{start}', fallback: '2030-05-01T19:30:00Z' },
              },
              venueLocation: { latitude: 50.09, longitude: 14.41 },
              admissionLevel: 'Parterre',
              seats: [
                {
                  seatSection: 'A',
                  seatRow: '3',
                  seatNumber: { type: 'string', value: '#{seat}', fallback: '1' },
                },
              ],
            },
            bagPolicyURL: 'https://venue.example.com/bags',
            transferURL: 'https://tickets.example.com/transfer/#{ticketId}',
            contactVenueEmail: 'box@venue.example.com',
            suppressHeaderDarkening: true,
            footerBackgroundColor: 'rgb(10,20,30)',
            useAutomaticColors: false,
            eventLogoText: 'Spring',
          }),
          {
            artwork: images.artwork.id,
            secondaryLogo: images.secondaryLogo.id,
            venueMap: images.venueMap.id,
          },
        ),
        { holderName: 'Eva Nová', start: '2030-05-01T19:00:00', seat: '12', ticketId: 'T-1' },
      );
      expect(json.preferredStyleSchemes).toEqual(['posterEventTicket', 'eventTicket']);
      // the format's schema is no rubber stamp: a key Apple does not document, or a template's wrapped value, fails
      expect(applePassJsonProblems({ ...json, posterEventTicket: {} })).not.toEqual([]);
      expect(
        applePassJsonProblems({ ...json, semantics: { eventName: { type: 'string', value: 'x' } } }),
      ).not.toEqual([]);
      expect(
        applePassJsonProblems({
          ...json,
          barcode: { ...(json.barcode as object), format: 'PKBarcodeFormatEAN13' },
        }),
      ).not.toEqual([]);
      expect(json.semantics).toEqual({
        ...POSTER_SEMANTICS,
        attendeeName: 'Eva Nová',
        eventStartDate: '2030-05-01T19:30:00+02:00',
        eventStartDateInfo: { date: '2030-05-01T19:00:00Z' },
        venueLocation: { latitude: 50.09, longitude: 14.41 },
        admissionLevel: 'Parterre',
        seats: [{ seatSection: 'A', seatRow: '3', seatNumber: '12' }],
      });
      expect(json).toEqual(
        expect.objectContaining({
          bagPolicyURL: 'https://venue.example.com/bags',
          transferURL: 'https://tickets.example.com/transfer/T-1',
          contactVenueEmail: 'box@venue.example.com',
          suppressHeaderDarkening: true,
          footerBackgroundColor: 'rgb(10, 20, 30)',
          useAutomaticColors: false,
          eventLogoText: 'Spring',
        }),
      );
      expect((json.eventTicket as Record<string, unknown>).additionalInfoFields).toEqual([
        { key: 'doors', label: 'Doors', value: 'Open at 19:00' },
      ]);
      const manifest = JSON.parse(strFromU8(files['manifest.json'])) as Record<string, string>;
      for (const type of ['artwork', 'secondaryLogo', 'venueMap'])
        for (const name of [`${type}.png`, `${type}@2x.png`]) {
          expect(Buffer.from(files[name])).toEqual(images[type].data);
          expect(manifest[name]).toBe(crypto.createHash('sha1').update(files[name]).digest('hex'));
        }
    });

    it('warns that a poster missing a required tag falls back to the classic event ticket, naming the tags', async () => {
      const complete = await created(templateOf(eventTicket()));
      expect((await preflightOf('template', complete.template.id)).warnings).not.toContainEqual(
        expect.objectContaining({ path: '/jsonTemplate/semantics' }),
      );
      const { venueRoom: _room, ...withoutRoom } = POSTER_SEMANTICS;
      void _room;
      const sports = await created(
        templateOf(eventTicket({ semantics: { ...withoutRoom, eventType: 'PKEventTypeSports' } })),
      );
      expect((await preflightOf('template', sports.template.id)).warnings).toContainEqual({
        path: '/jsonTemplate/semantics',
        message:
          'The poster event ticket lacks the semantic tags venueRoom, homeTeamAbbreviation, awayTeamAbbreviation: Wallet falls back to the classic event ticket.',
      });
      const performance = await created(
        templateOf(eventTicket({ semantics: { ...POSTER_SEMANTICS, performerNames: [] } })),
      );
      const czech = await server.call(admin, {
        method: 'GET',
        url: `/api/core/v1/template/${performance.template.id}/preflight`,
        headers: { 'accept-language': 'cs' },
      });
      expect(czech.json().warnings).toContainEqual({
        path: '/jsonTemplate/semantics',
        message:
          'Plakátové vstupence chybí sémantické značky performerNames: Wallet místo ní ukáže klasickou vstupenku.',
      });
    });

    it('checks the sizes of the poster images in the pre-flight', async () => {
      const good = await created(templateOf(eventTicket(), { artwork: images.artwork.id }));
      expect((await preflightOf('template', good.template.id)).errors).toEqual([]);
      // an image kept under older size rules
      const data = solidPng(716, 896, [1, 2, 3]);
      const older = await uploadImage(server, admin, projectId, 'artwork', data);
      await server.context.db.updateTable('image').set({ width: 700 }).where('id', '=', older).execute();
      const wrong = await created(templateOf(eventTicket(), { artwork: older }));
      expect((await preflightOf('template', wrong.template.id)).errors).toContainEqual({
        path: '/images/artwork',
        message: 'The artwork image: width must be exactly 716 px, current value is 700 px.',
      });
    });
  });

  describe('relevant dates (iOS 18)', () => {
    it('writes an interval as {startDate, endDate}, one date as date and relevantDate, and relevantDate for older iOS', async () => {
      const { json } = await signed(
        templateOf(
          eventTicket({
            relevantDates: [
              { startDate: '2030-05-01T18:00:00+02:00', endDate: '2030-05-01T23:00:00+02:00' },
              { date: { type: 'date', value: '#{doors}', fallback: '2030-05-02T18:00:00Z' } },
            ],
          }),
        ),
        { doors: '2030-05-02T17:30:00+02:00' },
      );
      expect(json.relevantDates).toEqual([
        { startDate: '2030-05-01T18:00:00+02:00', endDate: '2030-05-01T23:00:00+02:00' },
        { date: '2030-05-02T17:30:00+02:00', relevantDate: '2030-05-02T17:30:00+02:00' },
      ]);
      expect(json.relevantDate).toBe('2030-05-01T18:00:00+02:00');
      const own = await signed(
        templateOf(
          eventTicket({
            relevantDate: '2030-04-30T12:00:00Z',
            relevantDates: [{ date: '2030-05-01T18:00:00Z' }],
          }),
        ),
      );
      expect(own.json.relevantDate).toBe('2030-04-30T12:00:00Z');
    });

    it('warns of an interval over 24 hours and refuses one that ends before it starts', async () => {
      const short = await created(
        templateOf(
          eventTicket({
            relevantDates: [{ startDate: '2030-05-01T18:00:00Z', endDate: '2030-05-02T18:00:00Z' }],
          }),
        ),
      );
      const fine = await preflightOf('template', short.template.id);
      expect([...fine.errors, ...fine.warnings].map((problem) => problem.path)).not.toContain(
        '/jsonTemplate/relevantDates/0',
      );
      const long = await created(
        templateOf(
          eventTicket({
            relevantDates: [
              { startDate: '2030-05-01T18:00:00Z', endDate: '2030-05-02T18:00:01Z' },
              { startDate: '2030-05-03T18:00:00Z', endDate: '2030-05-03T17:00:00Z' },
            ],
          }),
        ),
      );
      const report = await preflightOf('template', long.template.id);
      expect(report.warnings).toContainEqual({
        path: '/jsonTemplate/relevantDates/0',
        message:
          'The relevant interval from 2030-05-01T18:00:00Z to 2030-05-02T18:00:01Z is longer than 24 hours, which Apple Wallet does not accept: split it into intervals of at most 24 hours.',
      });
      expect(report.errors).toContainEqual({
        path: '/jsonTemplate/relevantDates/1',
        message: 'The relevant interval ends (2030-05-03T17:00:00Z) before it starts (2030-05-03T18:00:00Z).',
      });
      expect((await pkpassOf(long.pass.id)).statusCode).toBe(409);
    });
  });

  describe('upcoming events (iOS 26)', () => {
    const upcoming = (headerImage: string) => ({
      upcomingPassInformation: [
        {
          identifier: 'matinee',
          type: 'event',
          name: 'Matinee',
          isActive: true,
          dateInformation: { date: '2030-05-02T11:00:00+02:00', timeZone: 'Europe/Prague' },
          semantics: { eventName: 'Matinee', attendeeName: '#{holderName}' },
          URLs: { bagPolicyURL: 'https://venue.example.com/bags' },
          images: { headerImage: { imageId: headerImage }, venueMap: { reuseExisting: true } },
          backFields: [{ key: 'info', label: 'Info', value: 'Doors open an hour before' }],
        },
      ],
    });

    it('points the images at our image route with their SHA-256 and size, fills semantics', async () => {
      const { json } = await signed(templateOf(eventTicket(upcoming(images.venueMap.id))), {
        holderName: 'Eva Nová',
      });
      const [event] = json.upcomingPassInformation as Array<Record<string, unknown>>;
      const url = `https://passes.test/p/image/${images.venueMap.id}`;
      expect(event).toEqual({
        identifier: 'matinee',
        type: 'event',
        name: 'Matinee',
        isActive: true,
        dateInformation: { date: '2030-05-02T11:00:00+02:00', timeZone: 'Europe/Prague' },
        semantics: { eventName: 'Matinee', attendeeName: 'Eva Nová' },
        URLs: { bagPolicyURL: 'https://venue.example.com/bags' },
        images: {
          headerImage: {
            URLs: [
              {
                URL: url,
                SHA256: crypto.createHash('sha256').update(images.venueMap.data).digest('hex'),
                size: images.venueMap.data.byteLength,
                scale: 2,
              },
            ],
          },
          venueMap: { reuseExisting: true },
        },
        backFields: [{ key: 'info', label: 'Info', value: 'Doors open an hour before' }],
      });
      const served = await server.call(undefined, { method: 'GET', url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(images.venueMap.data);
    });

    it('refuses to sign when an upcoming image is deleted, naming it', async () => {
      const doomed = await uploadImage(server, admin, projectId, 'venueMap', solidPng(640, 480, [9, 9, 9]));
      const { pass } = await created(templateOf(eventTicket(upcoming(doomed))));
      expect((await api.call(admin, 'DELETE', `image/${doomed}`)).statusCode).toBe(200);
      const refused = expectError(await pkpassOf(pass.id), 409);
      expect(refused.errors).toContainEqual({
        path: '/jsonTemplate/upcomingPassInformation/0/images/headerImage/imageId',
        message: `The headerImage image of the upcoming event "matinee" (${doomed}) is not a usable image of the template's project: choose another one.`,
      });
    });
  });

  describe('semantic boarding pass (iOS 26)', () => {
    const boardingPass = (semantics: Record<string, unknown>) => ({
      boardingPass: {
        transitType: 'PKTransitTypeAir',
        primaryFields: [
          { key: 'from', label: 'Prague', value: 'PRG' },
          { key: 'to', label: 'Paris', value: 'CDG' },
        ],
      },
      preferredStyleSchemes: ['semanticBoardingPass', 'boardingPass'],
      semantics,
      changeSeatURL: 'https://airline.example.com/seat',
      transitProviderPhoneNumber: '+420 123 456 789',
    });

    it('signs the flight number as a number and the passenger from the data, and warns of a missing tag', async () => {
      const { json, template } = await signed(templateOf(boardingPass(BOARDING_SEMANTICS)), {
        flight: '1234',
        given: 'Eva',
      });
      expect(json.semantics).toEqual(
        expect.objectContaining({
          flightNumber: 1234,
          passengerName: { givenName: 'Eva', familyName: 'Nová' },
        }),
      );
      expect(json.changeSeatURL).toBe('https://airline.example.com/seat');
      expect((await preflightOf('template', template.id)).warnings).not.toContainEqual(
        expect.objectContaining({ path: '/jsonTemplate/semantics' }),
      );
      const { passengerName: _name, ...withoutPassenger } = BOARDING_SEMANTICS;
      void _name;
      const missing = await created(templateOf(boardingPass(withoutPassenger)));
      expect((await preflightOf('template', missing.template.id)).warnings).toContainEqual({
        path: '/jsonTemplate/semantics',
        message:
          'The semantic boarding pass lacks the semantic tags passengerName: Wallet falls back to the classic boarding pass.',
      });
    });
  });

  describe('poster generic (iOS 27)', () => {
    const field = (key: string) => ({ key, label: key, value: key });
    const poster = (changes: Record<string, unknown> = {}) => ({
      generic: { primaryFields: [field('name')] },
      posterGeneric: {
        headerFields: [field('tier')],
        primaryFields: ['a', 'b', 'c', 'd'].map(field),
        footerFields: [field('footer')],
        backFields: [field('terms')],
        additionalInfoFields: [field('more')],
      },
      ...changes,
    });

    it('signs the poster layout beside the classic generic, with the primary logo', async () => {
      const { json, files } = await signed(templateOf(poster(), { primaryLogo: images.primaryLogo.id }));
      expect((json.posterGeneric as Record<string, unknown[]>).primaryFields).toHaveLength(4);
      expect(json.generic).toEqual({ primaryFields: [field('name')] });
      expect(Buffer.from(files['primaryLogo@2x.png'])).toEqual(images.primaryLogo.data);
    });

    it('refuses a poster generic without its classic generic, and over 4 primary or 1 footer fields', async () => {
      const before = await api.count('template');
      const body = templateOf(poster());
      const { generic: _generic, ...alone } = body.jsonTemplate as Record<string, unknown>;
      void _generic;
      const refused = expectError(
        await api.call(admin, 'POST', 'template', {
          ...body,
          jsonTemplate: { ...alone, storeCard: {} },
        }),
        400,
      );
      expect(refused.errors).toContainEqual({
        path: '/jsonTemplate/posterGeneric',
        message:
          'The poster generic layout needs the classic generic style next to it, which iOS 26 and older show.',
      });
      const crowded = expectError(
        await api.call(
          admin,
          'POST',
          'template',
          templateOf(
            poster({
              posterGeneric: {
                primaryFields: ['a', 'b', 'c', 'd', 'e'].map(field),
                footerFields: [field('f'), field('g')],
              },
            }),
          ),
        ),
        400,
      );
      expect(crowded.errors?.map((error) => error.path)).toEqual(
        expect.arrayContaining([
          '/jsonTemplate/posterGeneric/primaryFields',
          '/jsonTemplate/posterGeneric/footerFields',
        ]),
      );
      expect(await api.count('template')).toBe(before);
    });
  });

  describe('featured actions (iOS 27)', () => {
    const actions = [
      { identifier: 'map', type: 'place', placeIdentifier: 'I7C250D2CDCB364A' },
      { identifier: 'food', type: 'order', url: 'https://venue.example.com/order/#{ticketId}' },
    ];

    it('signs two actions with their urls filled', async () => {
      const { json } = await signed(templateOf(eventTicket({ featuredActions: actions })), {
        ticketId: 'T-7',
      });
      expect(json.featuredActions).toEqual([
        actions[0],
        { identifier: 'food', type: 'order', url: 'https://venue.example.com/order/T-7' },
      ]);
    });

    it('refuses a third action, a place without its identifier and another action without url', async () => {
      const tooMany = expectError(
        await api.call(
          admin,
          'POST',
          'template',
          templateOf(
            eventTicket({
              featuredActions: [
                ...actions,
                { identifier: 'shop', type: 'shop', url: 'https://venue.example.com/shop' },
              ],
            }),
          ),
        ),
        400,
      );
      expect(tooMany.errors).toContainEqual({
        path: '/jsonTemplate/featuredActions',
        message: 'A pass shows at most 2 featured actions; this one has 3.',
      });
      const incomplete = expectError(
        await api.call(
          admin,
          'POST',
          'template',
          templateOf(
            eventTicket({
              featuredActions: [
                { identifier: 'map', type: 'place' },
                { identifier: 'call', type: 'call' },
              ],
            }),
          ),
        ),
        400,
      );
      expect(incomplete.errors).toEqual(
        expect.arrayContaining([
          {
            path: '/jsonTemplate/featuredActions/0/placeIdentifier',
            message: 'A place action needs the placeIdentifier of the place in Apple Maps.',
          },
          { path: '/jsonTemplate/featuredActions/1/url', message: 'A call action needs its url.' },
        ]),
      );
    });

    it('names more than 2 actions in the pre-flight of a pass saved before the limit', async () => {
      const { template, pass } = await created(templateOf(eventTicket({ featuredActions: actions })));
      const third = { identifier: 'shop', type: 'shop', url: 'https://venue.example.com/shop' };
      await storedAsIs(template.id, { ...template.jsonTemplate, featuredActions: [...actions, third] });
      expect((await preflightOf('pass', pass.id)).errors).toContainEqual({
        path: '/jsonTemplate/featuredActions',
        message: 'A pass shows at most 2 featured actions; this one has 3.',
      });
      expect((await pkpassOf(pass.id)).statusCode).toBe(409);
    });
  });

  describe('barcodes of iOS 27', () => {
    const barcode = (format: string) => ({
      format,
      message: '4006381333931',
      messageEncoding: 'iso-8859-1',
    });

    it('keeps a classic format after a new one for older iOS, and never writes a new one as the legacy barcode', async () => {
      const { json, template } = await signed(
        templateOf(
          eventTicket({ barcodes: [barcode('PKBarcodeFormatEAN13'), barcode('PKBarcodeFormatQR')] }),
        ),
      );
      expect((json.barcodes as Array<{ format: string }>).map((code) => code.format)).toEqual([
        'PKBarcodeFormatEAN13',
        'PKBarcodeFormatQR',
      ]);
      expect(json.barcode).toEqual(barcode('PKBarcodeFormatQR'));
      expect((await preflightOf('template', template.id)).warnings).not.toContainEqual(
        expect.objectContaining({ path: '/jsonTemplate/barcodes/0' }),
      );
    });

    it('warns that iOS 26 and older show no barcode when no classic format follows', async () => {
      const { json, template } = await signed(
        templateOf(
          eventTicket({ barcodes: [barcode('PKBarcodeFormatCode128'), barcode('PKBarcodeFormatCodabar')] }),
        ),
      );
      expect(json.barcode).toEqual(barcode('PKBarcodeFormatQR'));
      expect((await preflightOf('template', template.id)).warnings).toContainEqual({
        path: '/jsonTemplate/barcodes/1',
        message:
          'PKBarcodeFormatCodabar shows only on iOS 27: iOS 26 and older show no barcode in its place. Add a QR, PDF417, Aztec or Code 128 barcode after it.',
      });
    });
  });

  describe('NFC', () => {
    it('refuses to sign nfc until the certificate is marked NFC-enabled, which only an administrator may do', async () => {
      const nfc = {
        message: { type: 'string', value: '#{memberId}', fallback: 'guest' },
        encryptionPublicKey: 'MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgAC',
        requiresAuthentication: true,
      };
      const { template, pass } = await created(templateOf(eventTicket({ nfc })), { memberId: 'M-42' });
      const report = await preflightOf('template', template.id);
      expect(report.errors).toContainEqual({
        path: '/jsonTemplate/nfc',
        message:
          'The pass carries an nfc dictionary, but its signing certificate "Wallet signing" is not marked NFC-enabled: iPhones refuse NFC passes from a certificate Apple did not enable. Mark the certificate once Apple has enabled it, or remove nfc.',
      });
      const refused = expectError(await pkpassOf(pass.id), 409);
      expect(refused.message).toContain('is not marked NFC-enabled');

      const editor = await server.createUser();
      await server.setRights(projectId, editor.id, 0xffff);
      const denied = await api.call(editor.token, 'PATCH', `certificate/${signing.certificateId}`, {
        nfcEnabled: true,
      });
      expect([403, 404]).toContain(denied.statusCode);
      const marked = await api.call(admin, 'PATCH', `certificate/${signing.certificateId}`, {
        nfcEnabled: true,
      });
      expect(marked.statusCode).toBe(200);
      expect(marked.json().nfcEnabled).toBe(true);
      const history = await api.call(admin, 'GET', `certificate/${signing.certificateId}/history`);
      expect(history.json().data[0].changes).toEqual({ nfcEnabled: { before: false, after: true } });

      const response = await pkpassOf(pass.id);
      expect(response.statusCode).toBe(200);
      const json = JSON.parse(strFromU8(unzipSync(new Uint8Array(response.rawPayload))['pass.json']));
      expect(applePassJsonProblems(json)).toEqual([]);
      expect(json.nfc).toEqual({ ...nfc, message: 'M-42' });
      await api.call(admin, 'PATCH', `certificate/${signing.certificateId}`, { nfcEnabled: false });
    });
  });

  describe('bad input', () => {
    const refusedAt = async (changes: Record<string, unknown>, path: string, message?: string) => {
      const before = await api.count('template');
      const body = expectError(
        await api.call(admin, 'POST', 'template', templateOf(eventTicket(changes))),
        400,
      );
      expect(body.errors?.map((error) => error.path)).toContain(path);
      if (message) expect(body.errors).toContainEqual({ path, message });
      expect(await api.count('template')).toBe(before);
    };

    it('refuses semantics of the wrong type, naming the path', async () => {
      await refusedAt(
        { semantics: { ...POSTER_SEMANTICS, eventName: 5 } },
        '/jsonTemplate/semantics/eventName',
      );
      await refusedAt(
        { semantics: { ...POSTER_SEMANTICS, venueLocation: { latitude: 'north' } } },
        '/jsonTemplate/semantics/venueLocation/latitude',
      );
      await refusedAt(
        { semantics: { ...POSTER_SEMANTICS, silenceRequested: 'yes' } },
        '/jsonTemplate/semantics/silenceRequested',
      );
    });

    it('refuses dates without a time zone, saying to add it', async () => {
      await refusedAt(
        { semantics: { ...POSTER_SEMANTICS, eventStartDate: '2030-01-01T20:00:00' } },
        '/jsonTemplate/semantics/eventStartDate',
        'The date 2030-01-01T20:00:00 has no time zone: add Z or an offset, e.g. 2030-01-01T20:00:00+01:00.',
      );
      await refusedAt(
        { relevantDates: [{ startDate: '2030-01-01T20:00:00', endDate: '2030-01-01T22:00:00Z' }] },
        '/jsonTemplate/relevantDates/0/startDate',
      );
      await refusedAt({ relevantDates: [{ date: 'tomorrow' }] }, '/jsonTemplate/relevantDates/0/date');
    });

    it('refuses http addresses, 10,000 seats and featured actions outside Apple’s list', async () => {
      await refusedAt({ bagPolicyURL: 'http://venue.example.com/bags' }, '/jsonTemplate/bagPolicyURL');
      await refusedAt(
        { featuredActions: [{ identifier: 'x', type: 'order', url: 'http://venue.example.com/order' }] },
        '/jsonTemplate/featuredActions/0/url',
      );
      await refusedAt(
        {
          semantics: {
            ...POSTER_SEMANTICS,
            seats: Array.from({ length: 10_000 }, (_, i) => ({ seatNumber: `${i}` })),
          },
        },
        '/jsonTemplate/semantics/seats',
      );
      await refusedAt(
        { featuredActions: [{ identifier: 'x', type: 'teleport', url: 'https://venue.example.com' }] },
        '/jsonTemplate/featuredActions/0/type',
      );
    });

    it('refuses layouts that do not fit the style and duplicate upcoming identifiers', async () => {
      await refusedAt(
        { preferredStyleSchemes: ['semanticBoardingPass', 'boardingPass'] },
        '/jsonTemplate/preferredStyleSchemes/0',
        'semanticBoardingPass is drawn from the boardingPass style: the template is not a boardingPass.',
      );
      const event = { identifier: 'same', type: 'event', name: 'Matinee' };
      await refusedAt(
        { upcomingPassInformation: [event, event] },
        '/jsonTemplate/upcomingPassInformation/1/identifier',
        'The identifier "same" is already used.',
      );
      const before = await api.count('template');
      const train = expectError(
        await api.call(
          admin,
          'POST',
          'template',
          templateOf({
            boardingPass: { transitType: 'PKTransitTypeTrain' },
            preferredStyleSchemes: ['semanticBoardingPass', 'boardingPass'],
          }),
        ),
        400,
      );
      expect(train.errors).toContainEqual({
        path: '/jsonTemplate/preferredStyleSchemes/0',
        message:
          'semanticBoardingPass is drawn only for flights: set the boarding pass transitType to PKTransitTypeAir.',
      });
      expect(await api.count('template')).toBe(before);
    });
  });
});
