import { isIsoDateTime } from '../../../../domain/template/values';
import type { PassContent } from '../../passes';

/** A pass resolved for Google Wallet: its content per language, the template's main language first. */
export interface ResolvedPass {
  languages: string[];
  contentIn(language: string): PassContent;
}

/** An event ticket's class and object as Google Wallet's REST reference describes them, without their ids. */
export interface EventTicketParts {
  classBody: Record<string, unknown>;
  objectBody: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : undefined;

/** Apple's barcode formats as Google's BarcodeType (Interleaved 2 of 5 is Google's ITF-14 only with 14 digits). */
const BARCODE_TYPES: Record<string, string> = {
  PKBarcodeFormatQR: 'QR_CODE',
  PKBarcodeFormatPDF417: 'PDF_417',
  PKBarcodeFormatAztec: 'AZTEC',
  PKBarcodeFormatCode128: 'CODE_128',
  PKBarcodeFormatCode39: 'CODE_39',
  PKBarcodeFormatCodabar: 'CODABAR',
  PKBarcodeFormatEAN13: 'EAN_13',
};

/** The pass's first barcode (the one Wallet shows), as Apple has it. */
export function firstAppleBarcode(
  passJson: Json,
): { format: string; message: string; altText?: string } | undefined {
  const [first] = Array.isArray(passJson.barcodes) ? passJson.barcodes.map(record) : [];
  const message = text(first?.message);
  if (!first || message === undefined) return undefined;
  return { format: String(first.format), message, altText: text(first.altText) };
}

function googleBarcode(passJson: Json): Json | undefined {
  const barcode = firstAppleBarcode(passJson);
  if (!barcode) return undefined;
  const type =
    barcode.format === 'PKBarcodeFormatI2of5'
      ? /^\d{14}$/.test(barcode.message)
        ? 'ITF_14'
        : 'QR_CODE'
      : (BARCODE_TYPES[barcode.format] ?? 'QR_CODE');
  return { type, value: barcode.message, ...(barcode.altText ? { alternateText: barcode.altText } : {}) };
}

/**
 * A LocalizedString of a text read from the pass in each language: the main language's as the default, others
 * where they differ. Undefined when the main language has none.
 */
function localized(pass: ResolvedPass, read: (passJson: Json) => unknown): Json | undefined {
  const [main, ...others] = pass.languages;
  const value = text(read(pass.contentIn(main).passJson));
  if (value === undefined) return undefined;
  const translatedValues = others.flatMap((language) => {
    const other = text(read(pass.contentIn(language).passJson));
    return other !== undefined && other !== value ? [{ language, value: other }] : [];
  });
  return {
    defaultValue: { language: main, value },
    ...(translatedValues.length ? { translatedValues } : {}),
  };
}

const semantics = (passJson: Json) => record(passJson.semantics);
const firstSeat = (passJson: Json) => {
  const { seats } = semantics(passJson);
  return record(Array.isArray(seats) ? seats[0] : undefined);
};

/** A date Google reads (ISO 8601 date-time), else undefined. */
const isoDate = (value: unknown) => (isIsoDateTime(value) ? value : undefined);

/** rgb(r, g, b) as Google's #rrggbb. */
function hexColor(value: unknown): string | undefined {
  const match = typeof value === 'string' ? /^rgb\((\d{1,3}), ?(\d{1,3}), ?(\d{1,3})\)$/.exec(value) : null;
  if (!match) return undefined;
  return `#${match
    .slice(1, 4)
    .map((channel) => Math.min(255, Number(channel)).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Leaves out the properties without a value. */
const defined = (entries: Record<string, unknown>): Json =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

/** The object part of an image Google fetches from a public address. */
const image = (uri: string | undefined) => (uri ? { sourceUri: { uri } } : undefined);

/**
 * An event ticket for Google Wallet from the pass as Apple shows it (its resolved semantics): class eventName (the
 * semantic tag, else the pass's description), issuerName (organizationName), venue (venueName and, as its address,
 * venueRegionName; venueRoom joins the name), dateTime (eventStartDate or eventStartDateInfo.date, eventEndDate,
 * venueDoorsOpenDate), logo (logo) and hero image (strip) when they have public addresses, the background colour;
 * object seatInfo (the first seat, the gate from venueEntranceGate), ticketHolderName (attendeeName), ticketNumber
 * (the barcode's altText) and the barcode of the pass's first barcode.
 *
 * @example eventTicketParts(pass, (id) => `https://passes.example.com/p/image/${id}`).classBody.eventName
 */
export function eventTicketParts(
  pass: ResolvedPass,
  imageLink: (imageId: string) => string | undefined,
): EventTicketParts {
  const main = pass.contentIn(pass.languages[0]);
  const json = main.passJson;
  const tags = semantics(json);
  const venueName = localized(pass, (passJson) => {
    const { venueName: name, venueRoom: room } = semantics(passJson);
    return text(name) && text(room) ? `${text(name)}, ${text(room)}` : name;
  });
  const venueAddress = localized(pass, (passJson) => semantics(passJson).venueRegionName);
  const dateTime = defined({
    start: isoDate(tags.eventStartDate) ?? isoDate(record(tags.eventStartDateInfo).date),
    end: isoDate(tags.eventEndDate),
    doorsOpen: isoDate(tags.venueDoorsOpenDate),
  });
  const imageOf = (type: 'logo' | 'strip') => {
    const id = main.images[type];
    return image(id ? imageLink(id) : undefined);
  };
  const classBody = defined({
    issuerName: text(json.organizationName) ?? '',
    reviewStatus: 'UNDER_REVIEW',
    eventName:
      localized(pass, (passJson) => semantics(passJson).eventName) ??
      localized(pass, (passJson) => passJson.description),
    venue: venueName && venueAddress ? { name: venueName, address: venueAddress } : undefined,
    dateTime: Object.keys(dateTime).length ? dateTime : undefined,
    logo: imageOf('logo'),
    heroImage: imageOf('strip'),
    hexBackgroundColor: hexColor(json.backgroundColor),
  });
  const seatInfo = defined({
    seat: localized(pass, (passJson) => firstSeat(passJson).seatNumber),
    row: localized(pass, (passJson) => firstSeat(passJson).seatRow),
    section: localized(pass, (passJson) => firstSeat(passJson).seatSection),
    gate: localized(pass, (passJson) => semantics(passJson).venueEntranceGate),
  });
  const objectBody = defined({
    state: 'ACTIVE',
    barcode: googleBarcode(json),
    seatInfo: Object.keys(seatInfo).length ? seatInfo : undefined,
    ticketHolderName: text(tags.attendeeName),
    ticketNumber: firstAppleBarcode(json)?.altText,
  });
  return { classBody, objectBody };
}
