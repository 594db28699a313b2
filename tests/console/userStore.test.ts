import { createUserStore } from '../../src/userStore';

describe('createUserStore', () => {
  beforeEach(() => localStorage.clear());

  it('keeps interface state under a key holding the version and the user id', () => {
    const store = createUserStore('1.7.4', 'user-1');
    store.setup();
    store.setItem('identity/project.listParams', { perPage: 50 });
    expect(localStorage.getItem('RaStore.passbase.1.7.4.user-1.identity/project.listParams')).toBe(
      '{"perPage":50}',
    );
    expect(createUserStore('1.7.4', 'user-2').getItem('identity/project.listParams')).toBeUndefined();
  });

  it('survives logout (react-admin resets its store) and drops other versions', () => {
    const old = createUserStore('1.7.3', 'user-1');
    old.setup();
    old.setItem('locale', 'cs');
    const store = createUserStore('1.7.4', 'user-1');
    store.setup();
    store.setItem('locale', 'cs');
    store.reset();
    expect(store.getItem('locale')).toBe('cs');
    expect(Object.keys(localStorage).some((key) => key.includes('1.7.3'))).toBe(false);
  });

  it("follows another tab's changes once the page is idle after setup, and no longer after teardown", async () => {
    const store = createUserStore('1.7.4', 'user-1');
    const seen: unknown[] = [];
    store.subscribe('locale', (value) => seen.push(value));
    const otherTabSets = (value: string) =>
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'RaStore.passbase.1.7.4.user-1.locale', newValue: value }),
      );
    store.setup();
    await new Promise((resolve) => setTimeout(resolve, 10));
    otherTabSets('"cs"');
    store.teardown();
    otherTabSets('"en"');
    expect(seen).toEqual(['cs']);
  });
});
