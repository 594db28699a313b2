import { lazy, type ComponentType } from 'react';

/** A screen loaded with its first showing; `preload` starts fetching its code before that (see preloadScreen). */
export type LazyScreen<Props extends object = object> = ComponentType<Props> & { preload: () => void };

/**
 * A screen whose code loads with its first showing, in a chunk of its own, instead of with the console: the sign-in
 * page and the pass list do not wait for the designer, the schema forms or the charts. The console's layout shows a
 * progress bar meanwhile (AppLayout's Suspense).
 *
 * @example const PassEdit = lazyScreen(() => import('./PassEdit'), (module) => module.PassEdit);
 */
export function lazyScreen<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyScreen<Props> {
  const screen = lazy(() => load().then((module) => ({ default: pick(module) })));
  // a second import() of the same module is the first one's promise: preloading never loads twice
  return Object.assign(screen, { preload: () => void load().catch(() => undefined) });
}

/** True for a screen of lazyScreen, which can be preloaded. */
export function isLazyScreen(screen: unknown): screen is LazyScreen {
  return (
    typeof screen === 'object' && screen !== null && typeof (screen as LazyScreen).preload === 'function'
  );
}
