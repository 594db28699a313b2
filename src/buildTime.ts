/** Replaced by Vite (vite.config.mts `define`) with the moment the console was built. */
declare const __CONSOLE_BUILD_TIME__: string | undefined;

/**
 * When the console was built, as Vite wrote it into the bundle; undefined when the code did not go through a Vite
 * build (tests), where the server's configured BUILD_TIME stands in.
 *
 * @example consoleBuildTime() ?? config.buildTime
 */
export const consoleBuildTime = (): string | undefined =>
  typeof __CONSOLE_BUILD_TIME__ === 'string' ? __CONSOLE_BUILD_TIME__ : undefined;
