import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { SyncAnswer } from '../../domain/schemas/ticketEntry';
import type { ConsoleDataProvider } from '../dataProviders/consoleDataProvider';
import type { GateAnswerView } from './GateAnswer';
import { checkOffline, offlineStore, type QueuedEntry } from './offlineGate';

export type SyncConflict = SyncAnswer['entries'][number] & { code: string };

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The gate without the network: the downloaded list of an e-shop's tickets, scans checked against it and queued
 * in localStorage, sent when the network is back (and on demand), and the conflicts the server found then.
 */
export function useOfflineGate() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const store = useMemo(() => offlineStore(window.localStorage), []);
  const [list, setList] = useState(store.list);
  const [queue, setQueue] = useState(store.queue);
  const [conflicts, setConflicts] = useState<SyncConflict[]>([]);
  const [synced, setSynced] = useState<number>();

  const download = useCallback(
    async (eshopId: string) => {
      const downloaded = await dataProvider.getOfflineList(eshopId);
      store.saveList(downloaded);
      setList(downloaded);
    },
    [dataProvider, store],
  );

  // checks run one after another: each counts down the entries of the list the one before saved
  const checking = useRef<Promise<unknown>>(Promise.resolve());

  /** Checks a code against the list at the moment of the scan; an accepted scan is queued. Undefined without a list. */
  const checkNow = useCallback(
    async (code: string, at: Date): Promise<GateAnswerView | undefined> => {
      const current = store.list();
      if (!current) return undefined;
      const checked = await checkOffline(current, code, at);
      if (checked.result === 'accepted') {
        store.saveList(checked.list);
        setList(checked.list);
        const queued: QueuedEntry = {
          code,
          at: at.toISOString(),
          clientId: newClientId(),
          signature: current.signature,
        };
        const next = [...store.queue(), queued];
        store.saveQueue(next);
        setQueue(next);
      }
      const { ticket } = checked;
      return {
        result: checked.result,
        code,
        offline: true,
        ...(ticket && {
          productName: ticket.productName,
          entriesLeft: ticket.entriesLeft,
          maxEntries: ticket.maxEntries,
          validFrom: ticket.validFrom,
          validTo: ticket.validTo,
        }),
      };
    },
    [store],
  );
  const check = useCallback(
    (code: string): Promise<GateAnswerView | undefined> => {
      const at = new Date();
      const answer = checking.current.then(() => checkNow(code, at));
      checking.current = answer.catch(() => undefined);
      return answer;
    },
    [checkNow],
  );

  /** Sends the queue, one list's entries at a time; what could not be sent stays queued. */
  const sync = useCallback(async () => {
    const pending = store.queue();
    if (pending.length === 0) return;
    const signatures = [...new Set(pending.map((entry) => entry.signature))];
    let sent = 0;
    const found: SyncConflict[] = [];
    for (const signature of signatures) {
      const entries = pending.filter((entry) => entry.signature === signature).slice(0, 500);
      const answer = await dataProvider.syncEntries({
        signature,
        entries: entries.map(({ code, at, clientId }) => ({ code, at, clientId })),
      });
      const codes = new Map(entries.map((entry) => [entry.clientId, entry.code]));
      for (const entry of answer.entries)
        if (entry.conflict) found.push({ ...entry, code: codes.get(entry.clientId) ?? '' });
      const done = new Set(entries.map((entry) => entry.clientId));
      const left = store.queue().filter((entry) => !done.has(entry.clientId));
      store.saveQueue(left);
      setQueue(left);
      sent += entries.length;
    }
    setSynced(sent);
    if (found.length) setConflicts((before) => [...before, ...found]);
  }, [dataProvider, store]);

  useEffect(() => {
    const whenOnline = () => void sync().catch(() => undefined);
    window.addEventListener('online', whenOnline);
    return () => window.removeEventListener('online', whenOnline);
  }, [sync]);

  return { list, queue, conflicts, synced, download, check, sync, dismissConflicts: () => setConflicts([]) };
}
