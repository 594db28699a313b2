import type { AppContext } from '../../../kernel/appContext';

/**
 * What a feature does when templates sign with a renewed certificate: the wallet feature pushes every registered
 * device of their passes, so installed passes update with the new signature. Answers the devices it will notify.
 */
export type TemplatesResignedListener = (templateIds: readonly string[]) => Promise<number>;

const listeners = new WeakMap<AppContext, TemplatesResignedListener[]>();

/**
 * Tells `listener` of every renewal of this app from now on (the wallet feature registers its pushes when it
 * starts), so the passes feature need not know who holds passes.
 *
 * @example onTemplatesResigned(context, async (ids) => pushEach(ids))
 */
export function onTemplatesResigned(context: AppContext, listener: TemplatesResignedListener): void {
  listeners.set(context, [...(listeners.get(context) ?? []), listener]);
}

/**
 * The one place that says "these templates now sign with a renewed certificate": every listener runs; answers the
 * devices they notify.
 *
 * @example const devices = await announceTemplatesResigned(call.app, templateIds)
 */
export async function announceTemplatesResigned(
  context: AppContext,
  templateIds: readonly string[],
): Promise<number> {
  let devices = 0;
  if (templateIds.length === 0) return devices;
  for (const listener of listeners.get(context) ?? []) devices += await listener(templateIds);
  return devices;
}
