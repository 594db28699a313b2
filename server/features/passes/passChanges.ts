import type { AppContext } from '../../kernel/appContext';

/** What a feature does when a pass changed, e.g. the wallet feature queues its pushes to the devices holding it. */
export type PassChangeListener = (passId: string) => Promise<void>;

const listeners = new WeakMap<AppContext, PassChangeListener[]>();

/**
 * Tells `listener` of every pass of this app that changes from now on (the wallet feature registers its pushes
 * when it starts), so the passes feature need not know who holds passes.
 *
 * @example onPassChange(context, (passId) => push.queuePassPush(passId))
 */
export function onPassChange(context: AppContext, listener: PassChangeListener): void {
  listeners.set(context, [...(listeners.get(context) ?? []), listener]);
}

/**
 * The one place that says "this pass changed": every listener runs, in the order they were registered, before the
 * call settles (a listener queues durable work; it does not wait for the wallets).
 *
 * @example await announcePassChange(call.app, row.id)
 */
export async function announcePassChange(context: AppContext, passId: string): Promise<void> {
  for (const listener of listeners.get(context) ?? []) await listener(passId);
}
