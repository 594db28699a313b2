import { semanticValueType } from '../../../../domain/template/semanticTags';
import { appleColor, appleDate, appleNumber, normaliseField } from './dynamicValues';
import { asList, asRecord } from './jsonParts';

/** A semantic value as Apple reads it: dates with their zone, numbers as numbers; lists and objects within. */
function normaliseSemantic(name: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => normaliseSemantic(name, item));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, normaliseSemantic(key, item)]),
    );
  switch (semanticValueType(name)) {
    case 'date':
      return appleDate(value) ?? value;
    case 'number':
      return appleNumber(value) ?? value;
    default:
      return value;
  }
}

function normaliseSemantics(owner: Record<string, unknown>): void {
  if (owner.semantics !== undefined) owner.semantics = normaliseSemantic('semantics', owner.semantics);
}

function normaliseFields(body: Record<string, unknown>): void {
  for (const area of Object.values(body)) for (const field of asList(area)) normaliseField(asRecord(field));
}

/**
 * Relevant dates as iOS 18 reads them: an interval as {startDate, endDate}, one date as both `date` and
 * `relevantDate` (iOS 18.0 read the latter, later versions the former).
 */
function normaliseRelevantDates(json: Record<string, unknown>): void {
  if (!Array.isArray(json.relevantDates)) return;
  const entries = json.relevantDates.map((entry) => {
    const { date, startDate, endDate } = asRecord(entry);
    if (date === undefined)
      return { startDate: appleDate(startDate) ?? startDate, endDate: appleDate(endDate) ?? endDate };
    const moment = appleDate(date) ?? date;
    return { date: moment, relevantDate: moment };
  });
  json.relevantDates = entries;
  // iOS 17 and older read only the deprecated relevantDate: the template's own, else the first relevant moment
  if (json.relevantDate === undefined) {
    const first = asRecord(entries[0]);
    const moment = first.date ?? first.startDate;
    if (moment !== undefined) json.relevantDate = moment;
  }
}

/**
 * The content iOS 18 to 27 added, resolved, as Apple reads it: semantic dates and numbers (of the pass and of each
 * upcoming event), relevant dates with the deprecated relevantDate for older iOS, the footer's colour, the fields
 * of the poster generic and of upcoming events.
 *
 * @example normaliseIosContent(json) // json.relevantDates[0] = { date, relevantDate }
 */
export function normaliseIosContent(json: Record<string, unknown>): void {
  normaliseSemantics(json);
  normaliseRelevantDates(json);
  const footer = appleColor(json.footerBackgroundColor);
  if (footer) json.footerBackgroundColor = footer;
  if (json.posterGeneric !== undefined) normaliseFields(asRecord(json.posterGeneric));
  for (const event of asList(json.upcomingPassInformation).map(asRecord)) {
    normaliseSemantics(event);
    normaliseFields(event);
    const information = asRecord(event.dateInformation);
    const date = appleDate(information.date);
    if (date) information.date = date;
  }
}
