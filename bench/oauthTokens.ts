import { login } from './identity';
import { percentile, row } from './measure';
import { startProductServer } from './processes';

interface Loop {
  perSecond: number;
  p99Ms: number;
  errors: number;
}

/**
 * Runs `workers` loops at once for a few seconds, each awaiting its step before the next (a refresh needs the
 * token the previous one answered, so a load generator firing independent requests cannot drive it).
 */
async function closedLoops(
  workers: number,
  step: (worker: number) => Promise<boolean>,
  seconds = Number(process.env.BENCH_SECONDS ?? 8),
): Promise<Loop> {
  const timings: number[] = [];
  let errors = 0;
  const ends = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < ends) {
        const before = performance.now();
        const ok = await step(worker).catch(() => false);
        timings.push(performance.now() - before);
        if (!ok) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    perSecond: Math.round((timings.length - errors) / elapsed),
    p99Ms: Math.round(percentile(timings, 99)),
    errors,
  };
}

/**
 * Issue 12's figures: tokens a second from POST /oauth2/token, the password grant (an Argon2id check each) beside
 * the refresh grant (an HMAC and a rotation in one transaction), 16 clients at once.
 */
export async function benchOAuthTokens(
  databases: Array<{ name: string; env: Record<string, string> }>,
): Promise<void> {
  const workers = 16;
  console.log(row(['', 'tokens/s', 'p99 ms', 'errors', 'vs password']));
  for (const [index, database] of databases.entries()) {
    const server = await startProductServer(18600 + index, database.env);
    try {
      const { token } = await login(server.url, server.admin.email, server.admin.password);
      const created = await fetch(`${server.url}/api/core/v1/apiClient`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench integration' }),
      });
      const client = (await created.json()) as { clientId: string; clientSecret: string };
      const authorization = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
      const tokenRequest = async (fields: Record<string, string>) => {
        const response = await fetch(`${server.url}/api/core/oauth2/token`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        });
        return (await response.json()) as { access_token?: string; refresh_token?: string };
      };
      const passwordForm = {
        grant_type: 'password',
        username: server.admin.email,
        password: server.admin.password,
      };

      const password = await closedLoops(
        workers,
        async () => (await tokenRequest(passwordForm)).access_token !== undefined,
      );
      const chains = await Promise.all(
        Array.from({ length: workers }, async () => (await tokenRequest(passwordForm)).refresh_token ?? ''),
      );
      const refresh = await closedLoops(workers, async (worker) => {
        const answer = await tokenRequest({ grant_type: 'refresh_token', refresh_token: chains[worker] });
        if (!answer.refresh_token) return false;
        chains[worker] = answer.refresh_token;
        return true;
      });
      const times = password.perSecond > 0 ? `x${(refresh.perSecond / password.perSecond).toFixed(1)}` : '';
      console.log(
        row([`password grant (${database.name})`, password.perSecond, password.p99Ms, password.errors, '']),
      );
      console.log(
        row([`refresh grant (${database.name})`, refresh.perSecond, refresh.p99Ms, refresh.errors, times]),
      );
    } finally {
      await server.stop();
    }
  }
}
