import type { CallContext, WriteData } from './resourceDefinition';

/**
 * A read that the rule, the checks and the insert of one creation all need (a pass's template), done once per
 * write body: the body object is the key, so each request and each batch item reads it once.
 *
 * @example const templateOf = oncePerBody((call, data) => templateRepository.findLive(call.app.db, String(data.templateId)));
 */
export function oncePerBody<T>(
  read: (call: CallContext, data: WriteData) => Promise<T>,
): (call: CallContext, data: WriteData) => Promise<T> {
  const reads = new WeakMap<WriteData, Promise<T>>();
  return (call, data) => {
    let reading = reads.get(data);
    if (!reading) {
      reading = read(call, data);
      reads.set(data, reading);
    }
    return reading;
  };
}

/**
 * A read the writes of one call share when the call carries `shared` (an import chunk reads its template once, not
 * once per row); without it, read each time. `key` names what is read (e.g. `template:<id>`).
 *
 * @example const template = await sharedRead(call, `template:${id}`, () => templateRepository.findLive(call.app.db, id))
 */
export function sharedRead<T>(call: CallContext, key: string, read: () => Promise<T>): Promise<T> {
  if (!call.shared) return read();
  let reading = call.shared.get(key) as Promise<T> | undefined;
  if (!reading) {
    reading = read();
    call.shared.set(key, reading);
  }
  return reading;
}
