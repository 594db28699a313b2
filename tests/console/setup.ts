import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

// jsdom lacks the encoders that react-router uses at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lacks structuredClone, which the schema forms of @rjsf use: Node's own serializer clones the same way.
if (typeof globalThis.structuredClone === 'undefined') {
  Object.assign(globalThis, { structuredClone: <T>(value: T): T => deserialize(serialize(value)) as T });
}

// A whole react-admin console renders in each test: give asynchronous queries time on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(40_000);

// jsdom has no Request; react-router's memory router builds one per navigation (URL, method and signal only).
if (typeof globalThis.Request === 'undefined') {
  class NavigationRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    constructor(input: string | { url: string }, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = typeof input === 'string' ? input : input.url;
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.assign(globalThis, { Request: NavigationRequest });
}

// jsdom does not scroll; react-admin scrolls to the top on navigation.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// jsdom has no matchMedia: answer width queries from window.innerWidth, so layouts can be tested by width.
function matchesWidth(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  return (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]));
}
if (typeof window !== 'undefined') {
  window.matchMedia = (query: string) =>
    ({
      matches: matchesWidth(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
