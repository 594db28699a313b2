import { localStorageStore, type Store } from 'react-admin';

const PREFIX = 'RaStore.passbase.';

/** Drops the interface state of other console versions (their keys would otherwise stay forever). */
function forgetOtherVersions(storage: Storage, version: string): void {
  const current = `${PREFIX}${version}.`;
  Object.keys(storage)
    .filter((key) => key.startsWith(PREFIX) && !key.startsWith(current))
    .forEach((key) => storage.removeItem(key));
}

/**
 * Interface state (list filters, sort, page size, language...) in localStorage under a key holding the
 * console version and the user id, so that each user finds their own state and a new version starts clean.
 * react-admin resets its store at logout; here that is a no-op, as the next user reads other keys anyway.
 *
 * @example <Admin store={createUserStore('1.7.4', viewer.id)} />
 */
export function createUserStore(version: string, userId: string | null): Store {
  const store = localStorageStore(version, `.passbase.${version}.${userId ?? 'anonymous'}`);
  return {
    ...store,
    setup() {
      try {
        forgetOtherVersions(window.localStorage, version);
      } catch {
        // localStorage unavailable (private mode): react-admin's store falls back to memory.
      }
      store.setup();
    },
    reset() {
      // kept per user on purpose (see above)
    },
  };
}
