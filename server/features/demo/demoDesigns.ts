import { GLYPHS } from './demoArtwork';
import type { DemoDesign } from './demoDesign';
import { DATE_TIME, STRING, date, number, objectSchema, placeholderBarcode, text } from './demoFields';
import { TICKET_DESIGN } from './demoTicketDesign';

const FALLBACK_DATE = '2026-01-01T00:00:00Z';

export const DEMO_DESIGNS: readonly DemoDesign[] = [
  {
    name: 'Coffee Club card',
    style: 'storeCard',
    colours: { background: [78, 52, 46], foreground: [255, 248, 240], label: [255, 204, 128] },
    artwork: { background: [78, 52, 46], accent: [191, 128, 72], glyph: GLYPHS.cup },
    images: ['icon', 'logo', 'strip'],
    body: {
      logoText: 'Coffee Club',
      fields: {
        headerFields: [number('points', 'Points', '#{points}', 0)],
        primaryFields: [text('name', 'Member', '#{name}', 'Guest')],
        secondaryFields: [
          text('level', 'Level', '#{level}', 'Bronze'),
          { ...number('stamps', 'Stamps', '#{stamps}', 0), changeMessage: 'You have %@ stamps' },
        ],
        auxiliaryFields: [date('memberSince', 'Member since', '#{memberSince}', FALLBACK_DATE)],
        backFields: [
          text('cardNumber', 'Card number', '#{cardNumber}', 'not issued yet'),
          text('reward', 'Reward', 'Every tenth coffee is on us: show the card at the till.', 'Welcome'),
        ],
      },
      barcodes: [placeholderBarcode('PKBarcodeFormatQR', 'cardNumber', 'CC-000000')],
    },
    schema: objectSchema(
      'Coffee Club member',
      {
        name: STRING('Name', { minLength: 1 }),
        cardNumber: STRING('Card number', { pattern: '^CC-[0-9]{6}$' }),
        points: { type: 'integer', title: 'Points', minimum: 0 },
        stamps: { type: 'integer', title: 'Stamps', minimum: 0 },
        level: STRING('Level', { enum: ['Bronze', 'Silver', 'Gold'] }),
        memberSince: DATE_TIME('Member since'),
      },
      ['name', 'cardNumber', 'points'],
    ),
    data: (sample) => ({
      name: sample.name,
      cardNumber: `CC-${sample.digits(6)}`,
      points: sample.number % 480,
      stamps: sample.number % 10,
      level: ['Bronze', 'Silver', 'Gold'][sample.number % 3],
      memberSince: sample.created,
    }),
  },
  {
    // also the reward of the Coffee Club's stamp card: a reward pass gets the holder's name, its own code
    // (rewardCode) and its validity (validFrom, validTo); the discount and offer show their fallbacks
    name: 'Spring sale coupon',
    style: 'coupon',
    colours: { background: [198, 40, 40], foreground: [255, 255, 255], label: [255, 224, 130] },
    artwork: { background: [198, 40, 40], accent: [255, 112, 67], glyph: GLYPHS.percent },
    images: ['icon', 'logo', 'strip'],
    body: {
      logoText: 'Bloom & Co.',
      fields: {
        primaryFields: [text('discount', 'Spring sale', '#{discount} off', '10 % off')],
        secondaryFields: [text('offer', 'Offer', '#{offer}', 'Everything in store')],
        auxiliaryFields: [date('validTo', 'Valid until', '#{validTo}', FALLBACK_DATE)],
        backFields: [
          text('customer', 'Issued to', '#{name}', 'Guest'),
          text('code', 'Code', '#{rewardCode}', 'SPRING'),
          date('validFrom', 'Issued', '#{validFrom}', FALLBACK_DATE),
          text('terms', 'Terms', 'One coupon per purchase; not valid with other offers.', 'Terms'),
        ],
      },
      barcodes: [placeholderBarcode('PKBarcodeFormatQR', 'rewardCode', 'SPRING')],
    },
    schema: objectSchema(
      'Spring sale coupon',
      {
        name: STRING('Customer'),
        rewardCode: STRING('Code', { minLength: 4 }),
        discount: STRING('Discount', { enum: ['10 %', '15 %', '20 %', '25 %'] }),
        offer: STRING('Offer'),
        validFrom: DATE_TIME('Issued'),
        validTo: DATE_TIME('Valid until'),
      },
      ['rewardCode'],
    ),
    data: (sample) => ({
      name: sample.name,
      rewardCode: `SPR${sample.digits(5)}`,
      discount: ['10 %', '15 %', '20 %', '25 %'][sample.number % 4],
      offer: ['Everything in store', 'Garden tools', 'Spring flowers', 'Outdoor furniture'][
        sample.number % 4
      ],
      validFrom: sample.created,
      validTo: sample.later(60),
    }),
  },
  TICKET_DESIGN,
  {
    name: 'Pulse Fitness membership',
    style: 'generic',
    colours: { background: [0, 105, 92], foreground: [255, 255, 255], label: [178, 223, 219] },
    artwork: { background: [0, 105, 92], accent: [38, 166, 154], glyph: GLYPHS.person },
    images: ['icon', 'logo', 'thumbnail'],
    body: {
      logoText: 'Pulse Fitness',
      fields: {
        headerFields: [text('plan', 'Plan', '#{plan}', 'Basic')],
        primaryFields: [text('name', 'Member', '#{name}', 'Guest')],
        secondaryFields: [
          text('memberId', 'Member ID', '#{memberId}', 'not issued yet'),
          date('validUntil', 'Valid until', '#{validUntil}', FALLBACK_DATE),
        ],
        auxiliaryFields: [text('club', 'Home club', '#{club}', 'Downtown')],
        backFields: [text('hours', 'Opening hours', 'Mon–Fri 6:00–22:00, Sat–Sun 8:00–20:00', 'Every day')],
      },
      barcodes: [placeholderBarcode('PKBarcodeFormatQR', 'memberId', 'PF-00000')],
    },
    schema: objectSchema(
      'Fitness member',
      {
        name: STRING('Name'),
        memberId: STRING('Member ID'),
        plan: STRING('Plan', { enum: ['Basic', 'Plus', 'Premium'] }),
        club: STRING('Home club'),
        validUntil: DATE_TIME('Valid until'),
      },
      ['name', 'memberId', 'plan'],
    ),
    data: (sample) => ({
      name: sample.name,
      memberId: `PF-${sample.digits(5)}`,
      plan: ['Basic', 'Plus', 'Premium'][sample.number % 3],
      club: ['Downtown', 'Riverside', 'North Park'][sample.number % 3],
      validUntil: sample.later(365),
    }),
  },
  {
    name: 'Rail Express ticket',
    style: 'boardingPass',
    colours: { background: [236, 239, 241], foreground: [38, 50, 56], label: [84, 110, 122] },
    artwork: { background: [236, 239, 241], accent: [21, 101, 192], glyph: GLYPHS.train },
    images: ['icon', 'logo', 'footer'],
    body: {
      logoText: 'Rail Express',
      fields: {
        headerFields: [text('platform', 'Platform', '#{platform}', '—')],
        primaryFields: [text('from', 'From', '#{from}', 'PRG'), text('to', 'To', '#{to}', 'BRQ')],
        secondaryFields: [
          text('passenger', 'Passenger', '#{name}', 'Guest'),
          date('departure', 'Departure', '#{departure}', FALLBACK_DATE, true),
        ],
        auxiliaryFields: [
          text('train', 'Train', '#{train}', '—'),
          text('car', 'Car', '#{car}', '—'),
          text('seat', 'Seat', '#{seat}', '—'),
          text('class', 'Class', '#{travelClass}', '2'),
        ],
        backFields: [
          text('route', 'Route', '#{fromName} to #{toName}', 'See the front'),
          text('ticketNumber', 'Ticket number', '#{ticketNumber}', 'not issued yet'),
        ],
      },
      barcodes: [placeholderBarcode('PKBarcodeFormatPDF417', 'ticketNumber', 'RE-0000000')],
    },
    schema: objectSchema(
      'Train ticket',
      {
        name: STRING('Passenger'),
        from: STRING('From (station code)', { minLength: 3, maxLength: 3 }),
        fromName: STRING('From (station)'),
        to: STRING('To (station code)', { minLength: 3, maxLength: 3 }),
        toName: STRING('To (station)'),
        departure: DATE_TIME('Departure'),
        platform: STRING('Platform'),
        train: STRING('Train'),
        car: STRING('Car'),
        seat: STRING('Seat'),
        travelClass: STRING('Class', { enum: ['1', '2'] }),
        ticketNumber: STRING('Ticket number'),
      },
      ['name', 'from', 'to', 'departure', 'ticketNumber'],
    ),
    data: (sample) => {
      const [from, to] = ROUTES[sample.number % ROUTES.length];
      return {
        name: sample.name,
        from: from[0],
        fromName: from[1],
        to: to[0],
        toName: to[1],
        departure: sample.later(14, 7),
        platform: String(1 + (sample.number % 8)),
        train: `RE ${100 + (sample.number % 900)}`,
        car: String(1 + (sample.number % 9)),
        seat: String(11 + (sample.number % 80)),
        travelClass: sample.number % 5 === 0 ? '1' : '2',
        ticketNumber: `RE-${sample.digits(7)}`,
      };
    },
  },
];

const STATIONS = [
  ['PRG', 'Praha hl.n.'],
  ['BRQ', 'Brno hl.n.'],
  ['OSR', 'Ostrava hl.n.'],
  ['VIE', 'Wien Hbf'],
  ['BTS', 'Bratislava hl.st.'],
] as const;
const ROUTES = STATIONS.flatMap((from, i) =>
  STATIONS.filter((_, j) => j !== i).map((to) => [from, to] as const),
);
