describe('console build time', () => {
  const global = globalThis as { __CONSOLE_BUILD_TIME__?: string };
  afterEach(() => delete global.__CONSOLE_BUILD_TIME__);

  it('is the moment Vite wrote into the bundle', () => {
    global.__CONSOLE_BUILD_TIME__ = '2026-11-20T08:00:00.000Z';
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { consoleBuildTime } = require('../../src/buildTime') as typeof import('../../src/buildTime');
    expect(consoleBuildTime()).toBe('2026-11-20T08:00:00.000Z');
  });

  it('is unknown outside a Vite build, where the configured time stands in', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { consoleBuildTime } = require('../../src/buildTime') as typeof import('../../src/buildTime');
    expect(consoleBuildTime()).toBeUndefined();
  });
});
