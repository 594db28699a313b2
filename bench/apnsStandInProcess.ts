import { startApnsStandIn } from '../tests/server/apnsStandIn';

/** What the stand-in's process tells the bench. */
export type ApnsStandInMessage =
  { type: 'ready'; url: string; caFile: string } | { type: 'received'; pushes: number };
/** What the bench asks it. */
export type ApnsBenchMessage = { type: 'received' };

/**
 * The APNs stand-in (tests/server/apnsStandIn.ts, HTTP/2 over TLS, answering 200) in a process of its own, so that
 * the campaign bench's pushes/s are the server's, not shared with the receiver: answers `ready` with its address and
 * CA file, and how many pushes it received when asked.
 */
async function main(): Promise<void> {
  const apns = await startApnsStandIn({ keep: false, maxConcurrentStreams: 1000 });
  process.on('message', (message: ApnsBenchMessage) => {
    if (message.type === 'received')
      process.send?.({ type: 'received', pushes: apns.total() } satisfies ApnsStandInMessage);
  });
  process.on('disconnect', () => void apns.close().then(() => process.exit(0)));
  process.send?.({ type: 'ready', url: apns.url, caFile: apns.caFile } satisfies ApnsStandInMessage);
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
