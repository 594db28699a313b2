/**
 * @jest-environment node
 */
import { createServices } from '../../src/services';
import { testConfig } from './harness';
import { restoreFetch, stubFetch } from './fakeHttp';

const P1 = '11111111-1111-4111-8111-111111111111';

/** A Storage in memory: the session keeps its token there. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

afterEach(restoreFetch);

describe("the console's calls and its language", () => {
  it('asks the API for messages in the language the user chose, and shows its refusal as it answers', async () => {
    const languages: Array<string | null> = [];
    stubFetch((async (_url: string, init: RequestInit) => {
      languages.push(new Headers(init.headers).get('Accept-Language'));
      const czech = new Headers(init.headers).get('Accept-Language') === 'cs';
      return new Response(
        JSON.stringify({
          statusCode: 404,
          error: 'Not Found',
          message: czech ? 'Projekt nebyl nalezen.' : 'Project was not found.',
        }),
        { status: 404, headers: { 'Content-Type': 'application/json' } },
      );
    }) as unknown as typeof fetch);
    const services = createServices(testConfig, memoryStorage());
    const read = () =>
      services.dataProvider.getOne('identity/project', { id: P1 }).catch((error: Error) => error.message);
    expect(await read()).toBe('Project was not found.');
    await services.i18nProvider.changeLocale('cs');
    expect(await read()).toBe('Projekt nebyl nalezen.');
    expect(languages).toEqual(['en', 'cs']);
  });
});
