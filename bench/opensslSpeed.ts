import { execFile } from 'node:child_process';

/**
 * RSA-2048 signatures per second on one core as `openssl speed -seconds {seconds} rsa2048` measures them (its
 * "sign/s" column); undefined when openssl is not on the machine or prints no such line.
 *
 * @example const signs = await opensslRsaSignsPerSecond(3) // 4133.2
 */
export function opensslRsaSignsPerSecond(seconds = 3): Promise<number | undefined> {
  return new Promise((resolve) => {
    execFile(
      'openssl',
      ['speed', '-seconds', String(seconds), 'rsa2048'],
      { timeout: (seconds + 30) * 1000 },
      (error, stdout) => {
        if (error) return resolve(undefined);
        // "rsa 2048 bits 0.000242s 0.000016s   4133.0  62500.1": sign, verify, sign/s, verify/s
        const line = /^rsa\s+2048 bits\s+\S+\s+\S+\s+([\d.]+)\s+[\d.]+\s*$/m.exec(stdout);
        resolve(line ? Number(line[1]) : undefined);
      },
    );
  });
}
