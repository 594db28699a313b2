import { lazy, type ComponentType } from 'react';

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
): ComponentType<Props> {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}
