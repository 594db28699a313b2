import { sql, type RawBuilder } from 'kysely';

/** The counters one sale moves in its e-shop: all time, and the year, month and day of the sale (UTC). */
export interface SerialKeys {
  project: string;
  year: string;
  month: string;
  day: string;
}

/** @example serialKeys(new Date('2026-11-22T10:00:00Z')) // { project: 'all', year: '2026', month: '2026-11', day: '2026-11-22' } */
export function serialKeys(at: Date): SerialKeys {
  const day = at.toISOString().slice(0, 10);
  return { project: 'all', year: day.slice(0, 4), month: day.slice(0, 7), day };
}

/**
 * An order's number, in SQL, of the serial the statement that stores the order takes (`yearSerial`, a bigint
 * expression): the e-shop's prefix, the two-digit year and the serial, 6 digits or more ('9026000017' of 17 in 2026).
 *
 * @example sql`insert into "order" ("orderNumber") values (${orderNumberSql('90', 2026, sql`(select "value" from "serial")`)})`
 */
export function orderNumberSql(
  prefix: string,
  year: number,
  yearSerial: RawBuilder<unknown>,
): RawBuilder<string> {
  const lead = `${prefix}${String(year % 100).padStart(2, '0')}`;
  return sql<string>`${lead}::text || lpad(${yearSerial}::text, greatest(6, length(${yearSerial}::text)), '0')`;
}

/**
 * The number of a sold item from the 'simple' number service: the e-shop's prefix, the sale's date (YYMMDD) and
 * the item's serial of that day (4 digits or more); unique within the e-shop.
 *
 * @example itemNumber('90', '2026-11-22', 5) === '902611220005'
 */
export function itemNumber(prefix: string, day: string, daySerial: number): string {
  return `${prefix}${day.slice(2).replace(/-/g, '')}${String(daySerial).padStart(4, '0')}`;
}
