import { parentPort, workerData } from 'node:worker_threads';
import { fetchPassesOnce, type DeviceFetchPass } from './deviceFetch';

/** The worker thread of deviceFetchRate: fetches the passes it is given and posts the rate. */
const { url, passes, clients, walletBase } = workerData as {
  url: string;
  passes: DeviceFetchPass[];
  clients: number;
  walletBase: string;
};
void fetchPassesOnce(url, passes, clients, walletBase).then((rate) => parentPort?.postMessage(rate));
