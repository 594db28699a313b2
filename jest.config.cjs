/** One jest run, four projects: pure domain, server (inject against a real database), console (jsdom), e2e (Chromium). */
const tsJest = [
  'ts-jest',
  {
    diagnostics: false,
    tsconfig: {
      module: 'commonjs',
      moduleResolution: 'node10',
      ignoreDeprecations: '6.0',
      target: 'ES2022',
      jsx: 'react-jsx',
      esModuleInterop: true,
      isolatedModules: true,
    },
  },
];
/**
 * Console only: a few dependencies ship ESM alone (react-hotkeys-hook; @x0k/json-schema-merge under @rjsf; react-dnd
 * with its backend, dnd-core and @react-dnd helpers), so jest
 * compiles them (JS through ts-jest) instead of ignoring them. @rjsf/mui's CommonJS build wraps MUI's CommonJS modules
 * once too often (its `default` is the module, not the component): jest takes its ESM build, as the browser does.
 */
const esmOnlyDependencies = [
  'react-hotkeys-hook',
  '@x0k/json-schema-merge',
  '@rjsf/mui',
  'react-dnd',
  'react-dnd-html5-backend',
  'dnd-core',
  '@react-dnd',
];
/**
 * Charts: the d3 packages under @nivo's CommonJS builds ship ESM alone for Node but UMD builds too, which jest
 * takes; react-virtualized-auto-sizer gets the shape @nivo/core's CommonJS build expects (see the shim).
 */
const d3UmdBuilds = {
  '^(d3-[a-z-]+|internmap)$': '<rootDir>/node_modules/$1/dist/$1.js',
  '^delaunator$': '<rootDir>/node_modules/delaunator/delaunator.js',
  '^robust-predicates$': '<rootDir>/node_modules/robust-predicates/umd/predicates.js',
  '^react-virtualized-auto-sizer$': '<rootDir>/tests/console/autoSizerComponent.cjs',
};
const esmBuilds = {
  ...d3UmdBuilds,
  '^@rjsf/mui$': '<rootDir>/node_modules/@rjsf/mui/lib/index.js',
  '^bwip-js/browser$': '<rootDir>/tests/console/bwipSymbologies.cjs',
};
/**
 * Server: the same for dependencies that Node loads through require(esm). Jest on Node 24.9+ requires ES modules as
 * Node does (its vm modules evaluate synchronously there) and must get them as they are; on older Nodes it cannot,
 * and they are compiled to CommonJS.
 */
const jestRequiresEsm = typeof require('node:vm').SourceTextModule?.prototype.hasAsyncGraph === 'function';
const serverEsmOnlyDependencies = jestRequiresEsm ? [] : ['content-disposition', 'cookie'];
const tsJestForJs = ['ts-jest', { ...tsJest[1], tsconfig: { ...tsJest[1].tsconfig, allowJs: true } }];
const base = {
  transform: { '^.+\\.(ts|tsx)$': tsJest },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
};
module.exports = {
  projects: [
    {
      ...base,
      displayName: 'domain',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/domain/**/*.test.ts'],
    },
    {
      ...base,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
      transform: { ...base.transform, '^.+\\.js$': tsJestForJs },
      transformIgnorePatterns: serverEsmOnlyDependencies.length
        ? [`/node_modules/(?!(${serverEsmOnlyDependencies.join('|')})/)`]
        : ['/node_modules/'],
    },
    {
      ...base,
      displayName: 'console',
      testEnvironment: '<rootDir>/tests/console/jsdomEnvironment.cjs',
      testMatch: ['<rootDir>/tests/console/**/*.test.{ts,tsx}'],
      transform: { ...base.transform, '^.+\\.js$': tsJestForJs },
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyDependencies.join('|')})/)`],
      moduleNameMapper: esmBuilds,
      setupFilesAfterEnv: ['<rootDir>/tests/console/setup.ts'],
    },
    { ...base, displayName: 'e2e', testEnvironment: 'node', testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'] },
  ],
};
