/**
 * How fast the template designer's preview follows typing, in headless Chromium (Debian's /usr/bin/chromium):
 * the bar is "typing in a field updates the preview within one frame on a template with 20 fields".
 * A store card of 20 fields (and one of 3, for comparison) is opened in the designer, the primary field's
 * editor popup is opened and keys are typed into its Value input one at a time. Each keystroke is timed in the
 * page from its keydown event: to the first change of the preview's DOM (a MutationObserver on it), and to the
 * end of the next frame's rendering after that change (a requestAnimationFrame, then a message posted from it,
 * which runs once that frame's style, layout and paint are done).
 */
import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FieldT, JsonTemplateT, WrappedValueT } from '../domain/template/jsonTemplateSchema';
import { percentile, row } from './measure';
import { startProductServer } from './processes';

const CHROMIUM = '/usr/bin/chromium';
/** the flags this sandboxed, offline machine needs (as the e2e journeys' browser) */
const CHROMIUM_FLAGS =
  '--no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const KEYSTROKES = 60;
const WARM_UP = 5;
/** between keystrokes, on top of the round trips: about ten keys a second, a fast typist */
const PAUSE_MS = 50;
const FRAME_MS = 1000 / 60;
const TYPED = 'Gold member since 2019, 250 points left, next reward at 300. ';
const PRIMARY_KEY = 'balance';

/** One keystroke as the page saw it (performance.now() milliseconds). */
interface Keystroke {
  /** the keydown event's timeStamp: when Chromium received the key, before any wait for the main thread */
  down: number;
  dom?: number;
  rendered?: number;
}

type Probe = { keystrokes: Keystroke[]; onRendered?: () => void };

type Listener = (event: { timeStamp: number }) => void;
/** The few browser globals the in-page functions use (bench/ is compiled without the DOM's types). */
interface PageGlobals {
  document: {
    addEventListener(type: 'keydown', listener: Listener, capture: true): void;
    querySelector(selector: string): object | null;
  };
  performance: { now(): number };
  requestAnimationFrame(callback: (time: number) => void): number;
  MutationObserver: new (callback: () => void) => { observe(target: object, options: object): void };
  MessageChannel: new () => { port1: { onmessage: unknown }; port2: { postMessage(message: null): void } };
  designerTypingProbe?: Probe;
}

const wrapped = (fallback: string) => ({ type: 'string' as const, value: '#{name}', fallback });
const field = (key: string, label: string, value: string | WrappedValueT): FieldT => ({ key, label, value });

/** A store card of 20 fields (header 3, primary 1, secondary 2, auxiliary 2, back 12), or of 3 (one each). */
function storeCard(fields: 3 | 20): JsonTemplateT {
  const full = fields === 20;
  const take = (area: FieldT[]) => (full ? area : area.slice(0, 1));
  const terms = (index: number) =>
    index % 3 === 0 ? wrapped('Guest') : `Condition ${index + 1} of the card.`;
  const backFields = Array.from({ length: 12 }, (_, index) =>
    field(`back${index + 1}`, 'Terms', terms(index)),
  );
  const auxiliaryFields = [field('store', 'Store', 'Main Street'), field('expires', 'Expires', '12/2027')];
  return {
    description: 'Loyalty card',
    organizationName: 'Acme Coffee',
    backgroundColor: 'rgb(120,60,20)',
    foregroundColor: 'rgb(255,255,255)',
    labelColor: 'rgb(255,220,150)',
    barcodes: [{ format: 'PKBarcodeFormatQR', message: 'MEMBER-0001', messageEncoding: 'UTF-8' }],
    storeCard: {
      headerFields: take([
        field('points', 'Points', '120'),
        field('level', 'Level', 'Gold'),
        field('member', 'Member', wrapped('Guest')),
      ]),
      primaryFields: [field(PRIMARY_KEY, 'Balance', '250 CZK')],
      secondaryFields: take([field('name', 'Name', wrapped('Guest')), field('since', 'Since', '2019')]),
      ...(full ? { auxiliaryFields, backFields } : {}),
    },
  };
}

/** The login's answer (expiresIn in seconds). */
type Session = { token: string; expiresIn: number };

/** POST to the core API (/api/core/{path}); the answer's JSON. */
async function post<T = { id: string }>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}/api/core/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Watches the preview: a keydown opens a keystroke, closed by the preview's first change and the frame after it. */
function installProbe(): void {
  const page = globalThis as unknown as PageGlobals;
  const preview = page.document.querySelector('[data-testid="pass-preview"]');
  if (!preview) throw new Error('no pass preview on the page');
  const probe: Probe = { keystrokes: [] };
  page.designerTypingProbe = probe;
  page.document.addEventListener(
    'keydown',
    (event) => probe.keystrokes.push({ down: event.timeStamp }),
    true,
  );
  new page.MutationObserver(() => {
    const keystroke = probe.keystrokes[probe.keystrokes.length - 1];
    if (!keystroke || keystroke.dom !== undefined) return;
    keystroke.dom = page.performance.now();
    page.requestAnimationFrame(() => {
      const channel = new page.MessageChannel();
      channel.port1.onmessage = () => {
        keystroke.rendered = page.performance.now();
        probe.onRendered?.();
      };
      channel.port2.postMessage(null);
    });
  }).observe(preview, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** Resolves once the given keystroke's frame is rendered; fails after 5 s without a preview change. */
function keystrokeRendered(index: number): Promise<void> {
  const probe = (globalThis as unknown as PageGlobals).designerTypingProbe;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`keystroke ${index}: no preview change in 5 s`)), 5000);
    const check = () => {
      if (probe?.keystrokes[index]?.rendered === undefined) return;
      clearTimeout(timer);
      resolve();
    };
    if (probe) probe.onRendered = check;
    check();
  });
}

/** The mean interval between animation frames over 30 frames: the refresh rate the page actually gets. */
function frameInterval(): Promise<number> {
  const page = globalThis as unknown as PageGlobals;
  return new Promise((resolve) => {
    const times: number[] = [];
    const tick = (time: number) => {
      times.push(time);
      if (times.length <= 30) page.requestAnimationFrame(tick);
      else resolve((times[30] - times[0]) / 30);
    };
    page.requestAnimationFrame(tick);
  });
}

type Measured = { dom: number[]; rendered: number[]; frameIntervalMs: number };

/** Opens the template in the designer, then the primary field's popup, and types into its Value input. */
async function typeIntoPrimary(page: Page, url: string, templateId: string): Promise<Measured> {
  await page.goto(`${url}/passes/template/${templateId}`);
  await page.getByRole('tab', { name: 'Designer', selected: true }).waitFor();
  await page.getByTestId('pass-preview').waitFor();
  await page.getByRole('button', { name: `Edit field ${PRIMARY_KEY}` }).click();
  const editor = page.getByRole('dialog', { name: /^Field / });
  const input = editor.getByRole('group', { name: 'Value' }).getByRole('textbox').first();
  await input.focus();
  await page.keyboard.press('End');
  await page.waitForTimeout(500);
  await page.evaluate(installProbe);
  const frameIntervalMs = await page.evaluate(frameInterval);
  const text = TYPED.repeat(2).slice(0, WARM_UP + KEYSTROKES);
  for (const [index, character] of [...text].entries()) {
    await page.keyboard.type(character);
    await page.evaluate(keystrokeRendered, index);
    await page.waitForTimeout(PAUSE_MS);
  }
  const typed = await input.inputValue();
  if (!typed.endsWith(text)) throw new Error(`the Value input holds "${typed}", not what was typed`);
  const probe = () => (globalThis as unknown as PageGlobals).designerTypingProbe?.keystrokes ?? [];
  const measured = (await page.evaluate(probe)).slice(WARM_UP);
  return {
    dom: measured.map((keystroke) => (keystroke.dom ?? NaN) - keystroke.down),
    rendered: measured.map((keystroke) => (keystroke.rendered ?? NaN) - keystroke.down),
    frameIntervalMs,
  };
}

const figures = (values: number[]) =>
  [percentile(values, 50), percentile(values, 95), Math.max(...values)].map((ms) => ms.toFixed(1));

/**
 * The designer's figure: keydown → preview DOM updated and keydown → next frame rendered, per keystroke, on a
 * store card of 20 fields and one of 3 (PGlite server). Skipped, with the reason, when Chromium is missing.
 */
export async function benchDesignerTyping(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`Skipped: no Chromium at ${CHROMIUM} (the designer is measured in a real browser).`);
    return;
  }
  const server = await startProductServer(18500);
  let browser: Browser | undefined;
  try {
    const session = await post<Session>(server.url, '', 'auth/login', server.admin);
    const { token } = session;
    const projectId = (await post(server.url, token, 'v1/project', { name: 'Designer bench' })).id;
    const properties = { name: { type: 'string' } };
    const dynamicDataJsonSchema = { type: ['object', 'null'], title: 'DynamicData', properties };
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS.split(' '),
    });
    const results: Array<{ label: string; measured: Measured }> = [];
    for (const [label, jsonTemplate] of [
      ['storeCard, 3 fields', storeCard(3)],
      ['storeCard, 20 fields (12 on the back)', storeCard(20)],
    ] as const) {
      const template = { name: label, projectId, languages: ['en'], jsonTemplate, dynamicDataJsonSchema };
      const { id } = await post(server.url, token, 'v1/template', template);
      const value = JSON.stringify({ token, expiresAt: Date.now() + session.expiresIn * 1000 });
      const localStorage = [{ name: 'passbase.session', value }];
      const storageState = { cookies: [], origins: [{ origin: server.url, localStorage }] };
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, storageState });
      try {
        results.push({ label, measured: await typeIntoPrimary(page, server.url, id) });
      } finally {
        await page.close();
      }
    }
    const interval = results.map((result) => result.measured.frameIntervalMs.toFixed(1)).join(' / ');
    console.log(
      `${KEYSTROKES} keystrokes (after ${WARM_UP} warm-up, ${PAUSE_MS} ms apart) into the primary field's Value,` +
        ` from the keydown event to the preview's DOM change and to the end of the next frame's rendering; budget one frame =` +
        ` ${FRAME_MS.toFixed(1)} ms at 60 Hz (frames measured ${interval} ms apart).`,
    );
    console.log(row(['', 'to DOM (ms)', '', '', 'to frame (ms)', '', '', 'in one frame']));
    console.log(row(['', 'p50', 'p95', 'max', 'p50', 'p95', 'max', '']));
    for (const { label, measured } of results) {
      const within = measured.rendered.filter((ms) => ms <= FRAME_MS).length;
      const cells = [...figures(measured.dom), ...figures(measured.rendered), `${within}/${KEYSTROKES}`];
      console.log(row([label, ...cells]));
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
}
