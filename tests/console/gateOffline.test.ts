import type { OfflineList, OfflineRotation } from '../../domain/schemas/ticketEntry';
import { checkOffline, offlineListExpiry, offlineStore, offlineTicketOf } from '../../src/gate/offlineGate';
import { withNodeSubtle } from './nodeSubtle';

const HOUR = 3600_000;
const now = new Date('2026-11-24T12:00:00Z');
const ticket = (changes: Partial<OfflineList['tickets'][number]> = {}) => ({
  orderItemId: '0b0e6a8e-8a5e-4f0e-9d7e-0a1b2c3d4e5f',
  codes: ['902611240001', '6f1c7a52-3d7e-4c55-9d0f-2b1e0c9a8d7f'],
  productName: 'Adult',
  maxEntries: 2,
  entriesLeft: 2,
  validFrom: new Date(now.getTime() - HOUR).toISOString(),
  validTo: new Date(now.getTime() + HOUR).toISOString(),
  ...changes,
});
const listOf = (...tickets: OfflineList['tickets']): OfflineList => ({
  eshopId: '11111111-1111-4111-8111-111111111111',
  generatedAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + 24 * HOUR).toISOString(),
  tickets,
  signature: 'payload.mac',
});

describe('the offline gate', () => {
  it('finds a ticket by its item number, its pass id or its pass link', () => {
    const list = listOf(ticket());
    expect(offlineTicketOf(list, ' 902611240001 ')?.productName).toBe('Adult');
    expect(
      offlineTicketOf(list, 'https://x.test/p/6f1c7a52-3d7e-4c55-9d0f-2b1e0c9a8d7f?tag=2'),
    ).toBeDefined();
    expect(offlineTicketOf(list, '902611240002')).toBeUndefined();
  });

  it('lets a ticket in as often as it has entries, then answers used', async () => {
    let list = listOf(ticket());
    for (const expected of ['accepted', 'accepted', 'used']) {
      const checked = await checkOffline(list, '902611240001', now);
      expect(checked.result).toBe(expected);
      list = checked.list;
    }
    expect(list.tickets[0].entriesLeft).toBe(0);
  });

  it('answers the validity window and unknown codes as the server does', async () => {
    const list = listOf(ticket());
    const at = (offset: number) => new Date(now.getTime() + offset);
    expect((await checkOffline(list, '902611240001', at(-2 * HOUR))).result).toBe('notYetValid');
    expect((await checkOffline(list, '902611240001', at(2 * HOUR))).result).toBe('expired');
    expect((await checkOffline(list, 'nothing', now)).result).toBe('unknown');
  });

  it('lets nobody in after the list expired, as the server would refuse the queued entry', async () => {
    const list = listOf(ticket({ validTo: new Date(now.getTime() + 48 * HOUR).toISOString() }));
    const late = new Date(now.getTime() + 25 * HOUR);
    const checked = await checkOffline(list, '902611240001', late);
    expect(checked.result).toBe('listExpired');
    expect(checked.list.tickets[0].entriesLeft).toBe(2);
  });

  it('reckons the expiry of a list downloaded before lists had one from when it was made', () => {
    const { expiresAt: _expiresAt, ...old } = listOf(ticket());
    expect(offlineListExpiry(old).toISOString()).toBe(new Date(now.getTime() + 24 * HOUR).toISOString());
  });

  it('keeps the list and the queue in the storage, and survives a damaged value', () => {
    const store = offlineStore(window.localStorage);
    store.saveList(listOf(ticket()));
    store.saveQueue([{ code: 'a', at: now.toISOString(), clientId: 'c1', signature: 's' }]);
    expect(offlineStore(window.localStorage).list()?.tickets).toHaveLength(1);
    expect(offlineStore(window.localStorage).queue()).toHaveLength(1);
    window.localStorage.setItem('passbase.gate.queue', '{broken');
    expect(store.queue()).toEqual([]);
  });
});

/**
 * Rotating barcodes offline, with RFC 6238's test vectors (Appendix B, SHA-1, 30-second steps, 8 digits): the key
 * is the RFC's seed, and each code is the one the RFC gives for its moment.
 */
describe('the offline gate and rotating barcodes', () => {
  withNodeSubtle();
  const SEED = Buffer.from('12345678901234567890').toString('hex');
  const SECRET = 'x7GqTicketSecret';
  const vector = {
    at59: '94287082',
    at1111111109: '07081804',
    at1111111111: '14050471',
    at1234567890: '89005924',
    at2000000000: '69279037',
  };
  const seconds = (value: number) => new Date(value * 1000);
  /** A list whose one ticket (valid a day around `at`) rotates with the RFC's seed. */
  const rotatingList = (at: Date, rotation: Partial<OfflineRotation> = {}) => ({
    ...listOf(
      ticket({
        codes: [SECRET, '902611240001'],
        validFrom: new Date(at.getTime() - 24 * HOUR).toISOString(),
        validTo: new Date(at.getTime() + 24 * HOUR).toISOString(),
        rotation: { key: SEED, periodMs: 30_000, digits: 8, required: false, ...rotation },
      }),
    ),
    generatedAt: new Date(at.getTime() - HOUR).toISOString(),
    expiresAt: new Date(at.getTime() + HOUR).toISOString(),
  });

  it('lets a ticket in with the live code of its moment, or of the period before or after, counting it', async () => {
    const at = seconds(1111111111);
    const list = rotatingList(at);

    const live = await checkOffline(list, `${SECRET}~${vector.at1111111111}`, at);
    const before = await checkOffline(list, `${SECRET}~${vector.at1111111109}`, at);
    const after = await checkOffline(list, `${SECRET}~${vector.at1111111111}`, seconds(1111111109));

    expect(live.result).toBe('accepted');
    expect(live.ticket?.entriesLeft).toBe(1);
    expect(before.result).toBe('accepted');
    expect(after.result).toBe('accepted');
    expect(
      (
        await checkOffline(
          rotatingList(seconds(1234567890)),
          `${SECRET}~${vector.at1234567890}`,
          seconds(1234567890),
        )
      ).result,
    ).toBe('accepted');
  });

  it('answers codeExpired for the code of an earlier period (a screenshot), counting nothing', async () => {
    const at = seconds(2000000000 + 10 * 60);
    const checked = await checkOffline(rotatingList(at), `${SECRET}~${vector.at2000000000}`, at);
    expect(checked.result).toBe('codeExpired');
    expect(checked.ticket?.entriesLeft).toBe(2);
    expect(checked.list.tickets[0].entriesLeft).toBe(2);
  });

  it('answers codeForged for a code that was never the live one in the last day', async () => {
    const at = seconds(1111111111);
    const list = rotatingList(at);
    // a later moment's code, a code older than a day, and digits of the wrong length
    for (const value of [vector.at2000000000, vector.at59, '1405047'])
      expect((await checkOffline(list, `${SECRET}~${value}`, at)).result).toBe('codeForged');
    // the live code of another key
    const otherKey = rotatingList(at, { key: Buffer.from('09876543210987654321').toString('hex') });
    expect((await checkOffline(otherKey, `${SECRET}~${vector.at1111111111}`, at)).result).toBe('codeForged');
  });

  it('checks the digits the template asks for', async () => {
    const at = seconds(1111111109);
    const list = rotatingList(at, { digits: 6 });
    expect((await checkOffline(list, `${SECRET}~081804`, at)).result).toBe('accepted');
    expect((await checkOffline(list, `${SECRET}~${vector.at1111111109}`, at)).result).toBe('codeForged');
  });

  it('refuses the plain code as codeExpired when the template requires the live one, and lets it in otherwise', async () => {
    const at = seconds(1111111111);
    const required = rotatingList(at, { required: true });

    expect((await checkOffline(required, SECRET, at)).result).toBe('codeExpired');
    expect((await checkOffline(required, '902611240001', at)).result).toBe('codeExpired');
    expect((await checkOffline(required, `${SECRET}~${vector.at1111111111}`, at)).result).toBe('accepted');
    expect((await checkOffline(rotatingList(at), SECRET, at)).result).toBe('accepted');
  });

  it('answers codeForged for a time-based code of a ticket whose template does not rotate', async () => {
    const list = listOf(ticket());
    expect((await checkOffline(list, `902611240001~${vector.at1111111111}`, now)).result).toBe('codeForged');
    expect((await checkOffline(list, '902611240001', now)).result).toBe('accepted');
  });
});

describe('the offline gate in a browser without WebCrypto (outside HTTPS)', () => {
  it('says it cannot check a live code, and lets nobody in by it', async () => {
    expect(globalThis.crypto.subtle).toBeUndefined();
    const at = new Date(1111111111_000);
    const list: OfflineList = {
      ...listOf(
        ticket({
          codes: ['x7Gq'],
          validFrom: null,
          validTo: null,
          rotation: { key: '3132', periodMs: 30_000, digits: 8, required: true },
        }),
      ),
      generatedAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + HOUR).toISOString(),
    };
    const checked = await checkOffline(list, 'x7Gq~14050471', at);
    expect(checked.result).toBe('codeUncheckable');
    expect(checked.list.tickets[0].entriesLeft).toBe(2);
  });
});
