import { PASS_STYLES } from '../../../../domain/template/limits';
import { asRecord } from './jsonParts';

const LABELS: Readonly<Record<string, string>> = { cs: 'Vstupy', en: 'Entries' };

/**
 * A ticket's pass shows its entries used ("1/2", the dynamic data the gate keeps in `entries`) on its back: a back
 * field `entries` is added unless the template has one of that key (it then shows `#{entries}` its own way).
 *
 * @example withEntriesField(json, { entries: '1/2' }, ['cs']) // eventTicket.backFields gets { key: 'entries', label: 'Vstupy', value: '1/2' }
 */
export function withEntriesField(
  json: Record<string, unknown>,
  dynamicData: unknown,
  languages: string[],
): void {
  const entries = asRecord(dynamicData).entries;
  if (typeof entries !== 'string') return;
  const style = PASS_STYLES.find((name) => json[name] && typeof json[name] === 'object');
  if (!style) return;
  const body = asRecord(json[style]);
  const backFields = Array.isArray(body.backFields) ? body.backFields : [];
  if (backFields.some((field) => asRecord(field).key === 'entries')) return;
  const label = LABELS[languages[0]] ?? LABELS.en;
  body.backFields = [...backFields, { key: 'entries', label, value: entries }];
}
