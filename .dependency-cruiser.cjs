/**
 * Import rules of the project, checked by `npm run lint` (dependency-cruiser). Each says why it exists; a rule is
 * kept green by moving code, not by adding an exception. Type-only imports count: a circle of types is still a
 * circle a reader has to untie.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A circle of imports has no place to start reading, loads in an order that depends on who imports first, and ' +
        'cannot be split. Break it by moving the shared part down, or by passing a function in.',
      severity: 'error',
      from: { path: '^(server|src|domain)/' },
      to: { circular: true },
    },
    {
      name: 'domain-stands-alone',
      comment:
        'domain/ is the model the console and the server share (rights, schemas, rules): it runs in both, so it ' +
        'imports neither.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(server|src)/' },
    },
    {
      name: 'console-without-server',
      comment:
        'The console runs in the browser and talks to the server over HTTP only; what both need is in domain/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'kernel-knows-no-feature',
      comment:
        'The kernel (config, database, HTTP plumbing, the resource engine, jobs, audit, auth primitives, logging, ' +
        'storage) serves every feature; a feature plugs into it (a resource definition, a job handler, a maintenance ' +
        'task, a member of AppContext). A kernel that imported a feature could not be read or tested without it.',
      severity: 'error',
      from: { path: '^server/kernel/' },
      to: { path: '^server/(features/|[^/]+\\.ts$|cli/)' },
    },
    {
      name: 'feature-through-its-index',
      comment:
        "A feature's index.ts is what other features may use of it; the rest may change without telling them. " +
        'Features stand in layers (identity, passes, reports, wallet, distribution, loyalty, ticket, demo, ' +
        'console): the no-circular rule keeps the layers from importing each other both ways.',
      severity: 'error',
      from: { path: '^server/features/([^/]+)/' },
      to: {
        path: '^server/features/',
        pathNot: ['^server/features/$1/', '^server/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'features-below-composition',
      comment:
        'app.ts, coreRoutes.ts, resources.ts, main.ts and cli/ put the kernel and the features together; a feature ' +
        'that imported them would import every other feature with them.',
      severity: 'error',
      from: { path: '^server/features/' },
      to: { path: '^server/([^/]+\\.ts$|cli/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
