import { webcrypto } from 'node:crypto';

/**
 * jsdom's crypto has no subtle: a suite that needs WebCrypto gets the browser's API as Node has it for its tests,
 * and the console's other tests keep jsdom's crypto (as an insecure context has it).
 *
 * @example describe('the gate', () => { withNodeSubtle(); it(…) })
 */
export function withNodeSubtle(): void {
  const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle');
  beforeAll(() => {
    Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
  });
  afterAll(() => {
    if (subtle) Object.defineProperty(globalThis.crypto, 'subtle', subtle);
    else delete (globalThis.crypto as { subtle?: unknown }).subtle;
  });
}
