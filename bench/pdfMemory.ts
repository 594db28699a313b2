import crypto from 'node:crypto';
import fs from 'node:fs';
import { pngChunk } from '../server/features/passes/images/pngChunks';
import { PNG } from 'pngjs';
import { defaultJsonTemplate } from '../domain/template/defaults';
import { IMAGE_MAX_BYTES } from '../domain/template/limits';
import { loadConfig } from '../server/kernel/config';
import { postCreated } from './coreApi';
import { login } from './identity';
import { row } from './measure';
import { startProductServer } from './processes';

const RENDERS = 20;

/**
 * The heaviest logo an upload allows: 320 × 100 (the largest logo), 16-bit RGBA noise (pixels that do not
 * compress), brought to exactly the 2 MB upload limit by an XMP metadata chunk (iTXt) of random text, as image
 * editors write.
 */
function heaviestLogo(): Buffer {
  const image = new PNG({ width: 320, height: 100 });
  image.data = crypto.randomBytes(320 * 100 * 8);
  const png = PNG.sync.write(image, { bitDepth: 16, inputHasAlpha: true, deflateLevel: 1 });
  const keyword = Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1');
  const textLength = IMAGE_MAX_BYTES - png.length - 12 - keyword.length;
  const text = Buffer.from(crypto.randomBytes(textLength).toString('base64').slice(0, textLength), 'latin1');
  const afterHeader = 8 + 25;
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk('iTXt', Buffer.concat([keyword, text])),
    png.subarray(afterHeader),
  ]);
}

/** A kernel figure of a process from /proc (kB), in MB. */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
  );
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** Peak RSS of `work`: the kernel's high-water mark, reset first (clear_refs 5), else sampled every 2 ms. */
async function peakRssMb(pid: number, work: () => Promise<void>): Promise<{ mb: number; how: string }> {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    let peak = procMb(pid, 'VmRSS');
    const sampler = setInterval(() => (peak = Math.max(peak, procMb(pid, 'VmRSS'))), 2);
    await work().finally(() => clearInterval(sampler));
    return { mb: Math.max(peak, procMb(pid, 'VmRSS')), how: 'sampled every 2 ms' };
  }
  await work();
  return { mb: procMb(pid, 'VmHWM'), how: "the kernel's high-water mark" };
}

async function uploadLogo(url: string, token: string, projectId: string, logo: Buffer): Promise<string> {
  const form = new FormData();
  form.append('projectId', projectId);
  form.append('type', 'logo');
  form.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  const response = await fetch(`${url}/api/core/v1/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`logo upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Peak RSS of the server (its own process, PGlite) while it renders 20 concurrent PDFs of a pass whose logo is a
 * 2 MB PNG, beside its RSS at rest after one PDF; with the default RENDER_CONCURRENCY and with no effective limit.
 */
export async function benchPdfMemory(): Promise<void> {
  const logo = heaviestLogo();
  console.log(
    `logo: ${logo.length} bytes, 320 × 100, 16-bit RGBA noise; ${RENDERS} concurrent GET /p/{passId}?format=pdf`,
  );
  console.log(row(['', 'RSS rest MB', 'peak MB', 'growth MB', 'seconds', 'PDF KB']));
  const defaultConcurrency = String(loadConfig({}).renderConcurrency);
  let peakMethod = '';
  for (const [index, concurrency] of [defaultConcurrency, String(RENDERS)].entries()) {
    const server = await startProductServer(18700 + index, {
      PUBLIC_RATE_LIMIT: '0',
      RENDER_CONCURRENCY: concurrency,
    });
    try {
      const { token } = await login(server.url, server.admin.email, server.admin.password);
      const projectId = await postCreated(server.url, token, 'project', { name: 'Bench PDF' });
      const logoId = await uploadLogo(server.url, token, projectId, logo);
      const templateId = await postCreated(server.url, token, 'template', {
        name: 'Bench PDF',
        projectId,
        languages: ['en'],
        jsonTemplate: { ...defaultJsonTemplate(), logoText: 'Bench' },
        images: { logo: logoId },
      });
      const passId = await postCreated(server.url, token, 'pass', { templateId, dynamicData: {} });
      const pdf = async () => {
        const response = await fetch(`${server.url}/p/${passId}?format=pdf`);
        const body = await response.arrayBuffer();
        if (response.status !== 200)
          throw new Error(`PDF: ${response.status} ${Buffer.from(body).toString()}`);
        return body.byteLength;
      };
      const pdfBytes = await pdf();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const atRest = procMb(server.pid, 'VmRSS');
      const started = performance.now();
      const { mb: peak, how } = await peakRssMb(server.pid, async () => {
        await Promise.all(Array.from({ length: RENDERS }, pdf));
      });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        row([
          `RENDER_CONCURRENCY=${concurrency}${index === 0 ? ' (default)' : ''}`,
          atRest.toFixed(0),
          peak.toFixed(0),
          (peak - atRest).toFixed(0),
          seconds.toFixed(2),
          (pdfBytes / 1024).toFixed(0),
        ]),
      );
      if (index === 0) peakMethod = how;
    } finally {
      await server.stop();
    }
  }
  console.log(`(peak: ${peakMethod}; at rest: after one PDF, PGlite in the same process)`);
}

// `node dist/node/bench/pdfMemory.js` (after `npm run build:server`) runs this figure alone.
if (require.main === module)
  benchPdfMemory().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
