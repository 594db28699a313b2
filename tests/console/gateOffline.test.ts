import type { OfflineList } from '../../domain/schemas/ticketEntry';
import { checkOffline, offlineListExpiry, offlineStore, offlineTicketOf } from '../../src/gate/offlineGate';

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

  it('lets a ticket in as often as it has entries, then answers used', () => {
    let list = listOf(ticket());
    for (const expected of ['accepted', 'accepted', 'used']) {
      const checked = checkOffline(list, '902611240001', now);
      expect(checked.result).toBe(expected);
      list = checked.list;
    }
    expect(list.tickets[0].entriesLeft).toBe(0);
  });

  it('answers the validity window and unknown codes as the server does', () => {
    const list = listOf(ticket());
    expect(checkOffline(list, '902611240001', new Date(now.getTime() - 2 * HOUR)).result).toBe('notYetValid');
    expect(checkOffline(list, '902611240001', new Date(now.getTime() + 2 * HOUR)).result).toBe('expired');
    expect(checkOffline(list, 'nothing', now).result).toBe('unknown');
  });

  it('lets nobody in after the list expired, as the server would refuse the queued entry', () => {
    const list = listOf(ticket({ validTo: new Date(now.getTime() + 48 * HOUR).toISOString() }));
    const late = new Date(now.getTime() + 25 * HOUR);
    const checked = checkOffline(list, '902611240001', late);
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
