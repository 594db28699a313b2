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
/** Console only: a few dependencies ship ESM alone, so jest compiles them (JS through ts-jest) instead of ignoring them. */
const esmOnlyDependencies = ['react-hotkeys-hook'];
/** Server: the same for dependencies that Node 20 loads through require(esm) but jest cannot. */
const serverEsmOnlyDependencies = ['content-disposition', 'cookie'];
const tsJestForJs = ['ts-jest', { ...tsJest[1], tsconfig: { ...tsJest[1].tsconfig, allowJs: true } }];
const base = {
  transform: { '^.+\\.(ts|tsx)$': tsJest },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
};
module.exports = {
  projects: [
    { ...base, displayName: 'domain', testEnvironment: 'node', testMatch: ['<rootDir>/tests/domain/**/*.test.ts'] },
    {
      ...base,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
      transform: { ...base.transform, '^.+\\.js$': tsJestForJs },
      transformIgnorePatterns: [`/node_modules/(?!(${serverEsmOnlyDependencies.join('|')})/)`],
    },
    {
      ...base,
      displayName: 'console',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/console/**/*.test.{ts,tsx}'],
      transform: { ...base.transform, '^.+\\.js$': tsJestForJs },
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyDependencies.join('|')})/)`],
      setupFilesAfterEnv: ['<rootDir>/tests/console/setup.ts'],
    },
    { ...base, displayName: 'e2e', testEnvironment: 'node', testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'] },
  ],
};
