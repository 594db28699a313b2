import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The import rules of `npm run lint` (.dependency-cruiser.cjs), run on small trees planted in a folder of their own:
 * each rule must catch what it names, and a tree that keeps them must pass.
 */
const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Writes the files (path → source) into a fresh folder with the project's rules, and answers what they break. */
function violationsOf(files: Record<string, string>): Violation[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  try {
    fs.copyFileSync(path.join(ROOT, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } }));
    for (const [file, source] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), source);
    }
    const folders = ['server', 'src', 'domain'].filter((folder) => fs.existsSync(path.join(dir, folder)));
    let output: string;
    try {
      output = execFileSync(process.execPath, [CLI, ...folders, '--output-type', 'json'], {
        cwd: dir,
        encoding: 'utf8',
      });
    } catch (error) {
      // the command fails when a rule is broken; its report is still on stdout
      output = (error as { stdout: string }).stdout;
    }
    return (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const rulesBroken = (files: Record<string, string>) =>
  [...new Set(violationsOf(files).map((violation) => violation.rule.name))].sort();

/** A tree that keeps every rule: a kernel, two features (one using the other through its index), the app. */
const KEPT: Record<string, string> = {
  'domain/rights.ts': 'export const admin = 1;\n',
  'server/kernel/engine.ts': "import { admin } from '../../domain/rights';\nexport const engine = admin;\n",
  'server/features/passes/passStore.ts':
    "import { engine } from '../../kernel/engine';\nexport const passes = engine;\n",
  'server/features/passes/index.ts': "export { passes } from './passStore';\n",
  'server/features/ticket/tickets.ts':
    "import { passes } from '../passes';\nexport const tickets = passes;\n",
  'server/features/ticket/index.ts': "export { tickets } from './tickets';\n",
  'server/app.ts': "import { tickets } from './features/ticket';\nexport const app = tickets;\n",
  'src/menu.ts': "import { admin } from '../domain/rights';\nexport const menu = admin;\n",
};

describe('the import rules', () => {
  // jest's own timeout is 5 s; one cruise of a small tree starts Node and TypeScript
  jest.setTimeout(60_000);

  it('pass a tree that keeps them', () => {
    expect(violationsOf(KEPT)).toEqual([]);
  });

  it('refuse a circle of imports in the server, the console or the domain', () => {
    expect(
      rulesBroken({
        ...KEPT,
        'server/kernel/engine.ts': "import { rows } from './rows';\nexport const engine = rows;\n",
        'server/kernel/rows.ts': "import { engine } from './engine';\nexport const rows = () => engine;\n",
      }),
    ).toEqual(['no-circular']);
    expect(
      rulesBroken({
        ...KEPT,
        'src/menu.ts': "import { layout } from './layout';\nexport const menu = () => layout;\n",
        'src/layout.ts':
          "import type { menu } from './menu';\nexport const layout: typeof menu | undefined = undefined;\n",
      }),
    ).toEqual(['no-circular']);
    expect(
      rulesBroken({
        ...KEPT,
        'domain/rights.ts': "import { schema } from './schema';\nexport const admin = schema;\n",
        'domain/schema.ts': "import { admin } from './rights';\nexport const schema = () => admin;\n",
      }),
    ).toEqual(['no-circular']);
  });

  it('refuse a circle of two features through their indexes', () => {
    expect(
      rulesBroken({
        ...KEPT,
        'server/features/passes/passStore.ts':
          "import { tickets } from '../ticket';\nexport const passes = () => tickets;\n",
      }),
    ).toEqual(['no-circular']);
  });

  it('refuse a kernel that imports a feature or the app', () => {
    expect(
      rulesBroken({
        ...KEPT,
        'server/kernel/engine.ts':
          "import { passes } from '../features/passes';\nexport const engine = passes;\n",
      }),
    ).toEqual(['kernel-knows-no-feature', 'no-circular']);
    expect(
      rulesBroken({
        ...KEPT,
        'server/kernel/clock.ts': "import { app } from '../app';\nexport const clock = app;\n",
      }),
    ).toEqual(['kernel-knows-no-feature']);
  });

  it("refuse a feature that reaches past another's index, or imports the app", () => {
    expect(
      rulesBroken({
        ...KEPT,
        'server/features/ticket/tickets.ts':
          "import { passes } from '../passes/passStore';\nexport const tickets = passes;\n",
      }),
    ).toEqual(['feature-through-its-index']);
    expect(
      rulesBroken({
        ...KEPT,
        'server/features/passes/passStore.ts':
          "import { app } from '../../app';\nexport const passes = () => app;\n",
      }),
    ).toEqual(['features-below-composition', 'no-circular']);
  });

  it('refuse a domain that imports the server or the console, and a console that imports the server', () => {
    expect(
      rulesBroken({
        ...KEPT,
        'domain/rights.ts': "import { menu } from '../src/menu';\nexport const admin = () => menu;\n",
      }),
    ).toEqual(['domain-stands-alone', 'no-circular']);
    expect(
      rulesBroken({
        ...KEPT,
        'src/menu.ts': "import { engine } from '../server/kernel/engine';\nexport const menu = engine;\n",
      }),
    ).toEqual(['console-without-server']);
  });
});
