import { createVerifier } from 'fast-jwt';
import { ticketDynamicDataSchema, ticketJsonTemplate } from '../../domain/ticket/ticketTemplate';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { eventTicketProblems } from './googleEventTicketReference';
import { serviceAccountFiles, startGoogleStandIn, type GoogleStandIn } from './googleStandIn';
import { coreApi, expectError } from './passFixtures';
import fs from 'node:fs';

// Users (Argon2 hashing), a server and RSA keys: a busy two-core machine needs more than 5 s.
jest.setTimeout(60_000);

const ISSUER_ID = '3388000000012345678';
const CLIENT_EMAIL = 'passbase-events@example-project.iam.gserviceaccount.com';
const PUBLIC_URL = 'https://passes.example.com';
const FAST_JOBS = { JOB_RETRY_BASE_MS: '20', JOB_POLL_MS: '20' };

/** The semantics of a concert ticket: the event, the holder and the seat come from each pass's data. */
const SEMANTICS = {
  eventName: '#{eventName}',
  venueName: 'Lucerna',
  venueRoom: 'Great Hall',
  venueRegionName: 'Prague',
  eventStartDate: { type: 'date', value: '#{eventStart}', fallback: '2027-06-20T19:00:00+02:00' },
  eventEndDate: '2027-06-20T23:00:00+02:00',
  venueDoorsOpenDate: '2027-06-20T18:00:00+02:00',
  attendeeName: '#{holderName}',
  venueEntranceGate: 'B',
  seats: [{ seatSection: 'Balcony', seatRow: '3', seatNumber: '#{seat}' }],
};

const concertData = (changes: Record<string, unknown> = {}) => ({
  eventName: 'Summer concert',
  eventStart: '2027-06-20T19:30:00+02:00',
  holderName: 'Jana Nováková',
  seat: '14',
  ticketSecret: 'k3Zt9QnV0bXc1aB2cD3eFg',
  itemNumber: '902611270001',
  ...changes,
});

interface SavedTicket {
  object: Record<string, unknown>;
  walletClass: Record<string, unknown>;
}

describe.each(databaseKinds)('Google Wallet event tickets from semantics (%s)', (kind) => {
  const keys = serviceAccountFiles(CLIENT_EMAIL);
  const verify = createVerifier({ key: keys.publicKeyPem, algorithms: ['RS256'], allowedAud: 'google' });
  let google: GoogleStandIn;
  let server: TestServer;
  const api = coreApi(() => server);
  let admin: string;
  let projectId: string;

  beforeAll(async () => {
    google = await startGoogleStandIn(keys.publicKeyPem, CLIENT_EMAIL);
    server = await startTestServer(kind, {
      GOOGLE_WALLET_SERVICE_ACCOUNT: keys.keyFile,
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      GOOGLE_WALLET_ORIGINS: PUBLIC_URL,
      GOOGLE_WALLET_API_BASE: google.apiBase,
      GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
      PUBLIC_URL,
      ...FAST_JOBS,
    });
    admin = await server.adminToken();
    projectId = await server.createProject('Concerts');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await google?.close();
    fs.rmSync(keys.directory, { recursive: true, force: true });
  });

  const concertTemplate = (changes: Record<string, unknown> = {}, semantics: unknown = SEMANTICS) =>
    api.created(admin, 'template', {
      name: 'Concert ticket',
      projectId,
      jsonTemplate: { ...ticketJsonTemplate(), semantics },
      dynamicDataJsonSchema: ticketDynamicDataSchema(),
      languages: ['en', 'cs'],
      translations: { cs: { Prague: 'Praha' } },
      ...changes,
    });
  const newPass = (templateId: string, dynamicData: unknown = concertData()) =>
    api.created(admin, 'pass', { templateId, dynamicData });
  const saveLink = (passId: string) =>
    server.call(admin, { method: 'GET', url: `/api/core/v1/pass/${passId}/savetogooglepay` });

  /** What Google gets of a pass: the object and class in the JWT, or (a skinny JWT) those it holds. */
  async function savedTicket(passId: string): Promise<SavedTicket> {
    const response = await saveLink(passId);
    expect(response.statusCode).toBe(200);
    const { payload } = verify(response.json().jwt) as {
      payload: Record<string, Array<Record<string, unknown>>>;
    };
    const [named] = payload.eventTicketObjects;
    const object = named.classId ? named : google.resources.get(String(named.id))!;
    const walletClass =
      payload.eventTicketClasses?.find((candidate) => candidate.id === object.classId) ??
      google.resources.get(String(object.classId))!;
    return { object, walletClass };
  }

  it('builds an event ticket class and object from the semantics, placeholders filled, as the reference wants', async () => {
    const template = await concertTemplate();
    const pass = await newPass(template.id);

    const { object, walletClass } = await savedTicket(pass.id);

    expect(eventTicketProblems('eventTicketClass', walletClass)).toEqual([]);
    expect(eventTicketProblems('eventTicketObject', object)).toEqual([]);
    expect(walletClass).toEqual({
      id: expect.stringMatching(new RegExp(`^${ISSUER_ID}\\.${template.id}-[0-9a-f]{16}$`)),
      issuerName: 'Tickets',
      reviewStatus: 'UNDER_REVIEW',
      // saves and deletions of its objects come back to the server (callbacks/)
      callbackOptions: { url: `${PUBLIC_URL}/wallet/google/v1/callback` },
      eventName: { defaultValue: { language: 'en', value: 'Summer concert' } },
      venue: {
        name: { defaultValue: { language: 'en', value: 'Lucerna, Great Hall' } },
        address: {
          defaultValue: { language: 'en', value: 'Prague' },
          translatedValues: [{ language: 'cs', value: 'Praha' }],
        },
      },
      dateTime: {
        start: '2027-06-20T19:30:00+02:00',
        end: SEMANTICS.eventEndDate,
        doorsOpen: SEMANTICS.venueDoorsOpenDate,
      },
      hexBackgroundColor: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const localized = (value: string) => ({ defaultValue: { language: 'en', value } });
    expect(object).toEqual({
      id: `${ISSUER_ID}.${pass.id}`,
      classId: walletClass.id,
      state: 'ACTIVE',
      barcode: {
        type: 'QR_CODE',
        value: concertData().ticketSecret,
        alternateText: concertData().itemNumber,
      },
      seatInfo: {
        seat: localized('14'),
        row: localized('3'),
        section: localized('Balcony'),
        gate: localized('B'),
      },
      ticketHolderName: 'Jana Nováková',
      ticketNumber: concertData().itemNumber,
    });
  });

  it('gives each event its class, and the same event one class', async () => {
    const template = await concertTemplate();
    const summer = await savedTicket((await newPass(template.id)).id);
    const again = await savedTicket((await newPass(template.id, concertData({ holderName: 'Petr' }))).id);
    const autumn = await savedTicket(
      (await newPass(template.id, concertData({ eventName: 'Autumn gala' }))).id,
    );

    expect(again.walletClass.id).toBe(summer.walletClass.id);
    expect(autumn.walletClass.id).not.toBe(summer.walletClass.id);
    expect(autumn.walletClass.eventName).toEqual({ defaultValue: { language: 'en', value: 'Autumn gala' } });
  });

  it('shows the logo and the strip as Google fetches them: public https addresses of the images', async () => {
    const logo = await api.uploaded(admin, projectId, 'logo');
    const strip = await api.uploaded(admin, projectId, 'strip');
    const template = await concertTemplate({ images: { logo: logo.id, strip: strip.id } });

    const { walletClass } = await savedTicket((await newPass(template.id)).id);

    expect(walletClass.logo).toEqual({ sourceUri: { uri: `${PUBLIC_URL}/p/image/${logo.id}` } });
    expect(walletClass.heroImage).toEqual({ sourceUri: { uri: `${PUBLIC_URL}/p/image/${strip.id}` } });
    expect(eventTicketProblems('eventTicketClass', walletClass)).toEqual([]);
    const image = await server.call(undefined, { method: 'GET', url: `/p/image/${logo.id}` });
    expect(image.statusCode).toBe(200);
  });

  it('saves class and object through the API when the link would be too long, and Google accepts them', async () => {
    const template = await concertTemplate({}, { ...SEMANTICS, venueRoom: 'Great Hall '.repeat(60).trim() });
    const pass = await newPass(template.id);

    const response = await saveLink(pass.id);

    expect(response.statusCode).toBe(200);
    expect(response.json().url.length).toBeLessThanOrEqual(1800);
    const saved = google.resources.get(`${ISSUER_ID}.${pass.id}`);
    expect(saved).toEqual(expect.objectContaining({ ticketHolderName: 'Jana Nováková' }));
    expect(eventTicketProblems('eventTicketClass', google.resources.get(String(saved?.classId)))).toEqual([]);
  });

  it("keeps the template's own Save to Google Pay object template when it has one", async () => {
    const template = await concertTemplate({
      saveToGooglePayObjectTemplate: {
        eventTicketObject: { ticketHolderName: 'Holder #{holderName}', classId: 'concerts' },
      },
    });
    const pass = await newPass(template.id);

    const response = await saveLink(pass.id);

    const { payload } = verify(response.json().jwt) as { payload: Record<string, unknown> };
    expect(payload).toEqual({
      eventTicketObjects: [
        {
          id: `${ISSUER_ID}.${pass.id}`,
          classId: `${ISSUER_ID}.concerts`,
          state: 'ACTIVE',
          ticketHolderName: 'Holder Jana Nováková',
        },
      ],
    });
  });

  it('answers 409 naming the placeholder a pass has no value for, and saves nothing', async () => {
    const template = await concertTemplate();
    const { eventName: _none, ...withoutEvent } = concertData();
    const pass = await newPass(template.id, withoutEvent);
    const before = google.requests.length;

    expectError(await saveLink(pass.id), 409, /#\{eventName\}/);
    expect(google.requests.length).toBe(before);
  });

  it("patches a saved ticket through the queue, moving it to its event's new class", async () => {
    const template = await concertTemplate();
    const pass = await newPass(template.id);
    const first = await savedTicket(pass.id);
    // as if saved to a wallet: Google holds the object and its class
    google.resources.set(String(first.walletClass.id), first.walletClass);
    google.resources.set(String(first.object.id), first.object);

    const changed = await api.call(admin, 'PATCH', `pass/${pass.id}`, {
      dynamicData: concertData({ eventName: 'Summer concert (moved)', seat: '15' }),
    });
    expect(changed.statusCode).toBe(200);
    await server.jobsIdle();

    const held = google.resources.get(String(first.object.id))!;
    expect(held.classId).not.toBe(first.walletClass.id);
    expect(held.seatInfo).toEqual(
      expect.objectContaining({ seat: { defaultValue: { language: 'en', value: '15' } } }),
    );
    expect(google.resources.get(String(held.classId))?.eventName).toEqual({
      defaultValue: { language: 'en', value: 'Summer concert (moved)' },
    });
  });
});
