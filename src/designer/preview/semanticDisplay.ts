/** What the new layouts show of semantic tags: texts filled from sample data, dates as written in their zone. */
import { displayText, formatDate, type SampleData } from './displayValue';

/**
 * A semantic date as the pass shows it: in the language, at the time written (the zone it was written in).
 *
 * @example semanticDate('2026-06-01T19:30:00+02:00', 'en', {}, 'PKDateStyleNone') // '7:30 PM'
 */
export function semanticDate(
  value: unknown,
  language: string,
  sampleData: SampleData,
  dateStyle: 'PKDateStyleNone' | 'PKDateStyleMedium' = 'PKDateStyleMedium',
): string {
  const text = displayText(value, language, sampleData);
  if (text === '') return text;
  return formatDate(text, language, { dateStyle, timeStyle: 'PKDateStyleShort', ignoresTimeZone: true });
}

/**
 * A person's name from its parts, in the order written.
 *
 * @example personName({ givenName: 'Jane', familyName: 'Doe' }, 'en', {}) // 'Jane Doe'
 */
export function personName(
  name: Record<string, unknown> | undefined,
  language: string,
  sampleData: SampleData,
): string {
  if (!name) return '';
  return ['namePrefix', 'givenName', 'middleName', 'familyName', 'nameSuffix']
    .map((part) => displayText(name[part], language, sampleData))
    .filter((text) => text !== '')
    .join(' ');
}
