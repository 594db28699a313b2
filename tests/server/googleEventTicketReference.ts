/**
 * What Google Wallet's REST reference (walletobjects v1: EventTicketClass, EventTicketObject and the types they use)
 * requires of event tickets, as the stand-in checks them: required fields, and the type of each field we send.
 * Written from the reference, not from our builder: a field we send that is not listed here is a problem too.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const BARCODE_TYPES = [
  'AZTEC',
  'CODE_39',
  'CODE_128',
  'CODABAR',
  'DATA_MATRIX',
  'EAN_8',
  'EAN_13',
  'ITF_14',
  'PDF_417',
  'QR_CODE',
  'UPC_A',
  'TEXT_ONLY',
];
const REVIEW_STATUSES = ['UNDER_REVIEW', 'APPROVED', 'REJECTED', 'DRAFT'];
const STATES = ['ACTIVE', 'COMPLETED', 'EXPIRED', 'INACTIVE'];
/** ISO 8601 extended date-time, with or without an offset (EventDateTime, DateTime). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;
const INT64 = /^-?\d+$/;

type Check = (value: unknown, path: string, problems: string[]) => void;

const string: Check = (value, path, problems) => {
  if (typeof value !== 'string') problems.push(`${path} must be a string`);
};
const oneOf =
  (choices: string[]): Check =>
  (value, path, problems) => {
    if (typeof value !== 'string' || !choices.includes(value))
      problems.push(`${path} must be one of ${choices.join(', ')}`);
  };
const dateTime: Check = (value, path, problems) => {
  if (typeof value !== 'string' || !DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))
    problems.push(`${path} must be an ISO 8601 date-time`);
};

function fields(shape: Record<string, Check>, required: string[] = []): Check {
  return (value, path, problems) => {
    if (!isObject(value)) return void problems.push(`${path} must be an object`);
    for (const name of required) if (value[name] === undefined) problems.push(`${path}.${name} is required`);
    for (const [name, item] of Object.entries(value)) {
      const check = shape[name];
      if (!check) problems.push(`${path}.${name} is not a field of the reference`);
      else check(item, `${path}.${name}`, problems);
    }
  };
}

const translatedString = fields({ language: string, value: string }, ['language', 'value']);
const localizedString: Check = (value, path, problems) => {
  fields(
    {
      defaultValue: translatedString,
      translatedValues: (list, listPath, found) => {
        if (!Array.isArray(list)) return void found.push(`${listPath} must be an array`);
        list.forEach((item, index) => translatedString(item, `${listPath}[${index}]`, found));
      },
    },
    ['defaultValue'],
  )(value, path, problems);
};
const image = fields(
  {
    sourceUri: fields(
      {
        uri: (value, path, problems) => {
          if (typeof value !== 'string' || !value.startsWith('https://'))
            problems.push(`${path} must be an https address`);
        },
      },
      ['uri'],
    ),
    contentDescription: localizedString,
  },
  ['sourceUri'],
);
const barcode = fields({ type: oneOf(BARCODE_TYPES), value: string, alternateText: string }, [
  'type',
  'value',
]);
const rotatingBarcode = fields(
  {
    type: oneOf(BARCODE_TYPES),
    valuePattern: string,
    alternateText: string,
    totpDetails: fields({
      periodMillis: (value, path, problems) => {
        if (!(typeof value === 'string' && INT64.test(value)) && !Number.isInteger(value))
          problems.push(`${path} must be an int64 (a string of digits)`);
      },
      algorithm: oneOf(['TOTP_ALGORITHM_UNSPECIFIED', 'TOTP_SHA1']),
      parameters: (list, path, problems) => {
        if (!Array.isArray(list)) return void problems.push(`${path} must be an array`);
        list.forEach((item, index) =>
          fields({
            key: (value, keyPath, found) => {
              if (typeof value !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(value))
                found.push(`${keyPath} must be Base16`);
            },
            valueLength: (value, lengthPath, found) => {
              if (!Number.isInteger(value)) found.push(`${lengthPath} must be an integer`);
            },
          })(item, `${path}[${index}]`, problems),
        );
      },
    }),
  },
  ['type', 'valuePattern'],
);
const timeInterval = fields({ start: fields({ date: dateTime }), end: fields({ date: dateTime }) });

/** EventTicketClass: id, issuerName, reviewStatus and eventName are required (insert). */
const eventTicketClass = fields(
  {
    id: string,
    issuerName: string,
    reviewStatus: oneOf(REVIEW_STATUSES),
    eventName: localizedString,
    eventId: string,
    venue: fields({ name: localizedString, address: localizedString }, ['name', 'address']),
    dateTime: fields({ start: dateTime, end: dateTime, doorsOpen: dateTime }),
    logo: image,
    heroImage: image,
    hexBackgroundColor: (value, path, problems) => {
      if (typeof value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(value))
        problems.push(`${path} must be #rrggbb`);
    },
    callbackOptions: fields({ url: string, updateRequestUrl: string }),
  },
  ['id', 'issuerName', 'reviewStatus', 'eventName'],
);

/** EventTicketObject: id, classId and state are required (insert). */
const eventTicketObject = fields(
  {
    id: string,
    classId: string,
    state: oneOf(STATES),
    barcode,
    rotatingBarcode,
    seatInfo: fields({
      seat: localizedString,
      row: localizedString,
      section: localizedString,
      gate: localizedString,
    }),
    ticketHolderName: string,
    ticketNumber: string,
    validTimeInterval: timeInterval,
  },
  ['id', 'classId', 'state'],
);

/**
 * What the reference finds wrong in an event ticket class or object (empty when nothing); other kinds are not
 * checked.
 *
 * @example eventTicketProblems('eventTicketClass', { id: 'x' }) // ['eventTicketClass.issuerName is required', …]
 */
export function eventTicketProblems(collection: string, resource: unknown): string[] {
  const problems: string[] = [];
  if (collection === 'eventTicketClass') eventTicketClass(resource, collection, problems);
  if (collection === 'eventTicketObject') eventTicketObject(resource, collection, problems);
  return problems;
}
