import { localStorageStore, type Store } from 'react-admin';

const PREFIX = 'RaStore.passbase.';

/** Drops the interface state of other console versions (their keys would otherwise stay forever). */
function forgetOtherVersions(storage: Storage, version: string): void {
  const current = `${PREFIX}${version}.`;
  Object.keys(storage)
    .filter((key) => key.startsWith(PREFIX) && !key.startsWith(current))
    .forEach((key) => storage.removeItem(key));
}

/** Runs `work` once the page's main thread is idle (the browser's idle callback, else a task); cancels it. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work);
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/**
 * Interface state (list filters, sort, page size, language...) in localStorage under a key holding the
 * console version and the user id, so that each user finds their own state and a new version starts clean.
 * react-admin resets its store at logout; here that is a no-op, as the next user reads other keys anyway.
 * Following other tabs' changes starts once the page is idle: adding the first listener of other tabs' storage
 * events held Chromium's main thread about 70 ms (CPU slowed 4×, `npm run bench -- console` profile), in the middle
 * of the console's first render.
 *
 * @example <Admin store={createUserStore('1.7.4', viewer.id)} />
 */
export function createUserStore(version: string, userId: string | null): Store {
  const store = localStorageStore(version, `.passbase.${version}.${userId ?? 'anonymous'}`);
  let cancelSetup = () => {};
  return {
    ...store,
    setup() {
      try {
        forgetOtherVersions(window.localStorage, version);
      } catch {
        // localStorage unavailable (private mode): react-admin's store falls back to memory.
      }
      cancelSetup = whenIdle(() => store.setup());
    },
    teardown() {
      cancelSetup();
      store.teardown();
    },
    reset() {
      // kept per user on purpose (see above)
    },
  };
}
