import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

const REPO = dirname(fileURLToPath(import.meta.url));
const LIB = join(REPO, 'lib') + sep;

/**
 * The in-process tests, run from kit's TypeScript sources: no build before them, and never
 * a stale lib/. They call the compiler's and the service's public functions in this process
 * (the service through h3's plain handler), and start no `kit` process.
 */
const INNER = [
  'test/freshness/**/*.test.ts',
  'test/page/**/*.test.ts',
  'test/emit/*.test.ts',
  'test/workspace/{workspace,package-managers,package-shapes,tsconfig-project,export-conditions,stylesheet-exports}.test.ts',
  'test/check/{check-ahead,checker-failure,kept-verdicts,directory-listings,native-checker,machine-paths,reach,sibling-root-dir,specifiers,typescript-per-package}.test.ts',
  'test/bundle/{reserved-builds,import-meta-env,import-suffixes,bundle-kept,compile,module-diagnostics,postcss-config-reads,ts-checks,styles-postcss,typescript-idioms,stylesheet-exports}.test.ts',
  'test/cache/{action-result,disk-cache-faults,reach-keys}.test.ts',
  'test/serve/{in-process,stylesheet-exports,dependents}.test.ts',
  'test/hot/*.test.ts',
  'test/samples.test.ts',
];

/**
 * What only whole programs show, and takes a while: Chromium driving pages, package managers
 * installing, the docs run as written, kit held against `tsc` and nginx, and the fuzz, load
 * and crash runs. `npm run test:e2e`; CI runs every project.
 */
const E2E = [
  'test/browser/**/*.test.ts',
  'test/docs.test.ts',
  'test/cli/{create-packed,create,create-react,tsc-agreement,workspace-install,safety,full-disk}.test.ts',
  // What a person sees at a terminal: kit under a pseudo-terminal.
  'test/cli/{run-start-up,run-terminal,terminal-close,build-terminal}.test.ts',
  'test/bundle/emit-against-tsc.test.ts',
  'test/check/{typescript-config,typescript-era,vite-app,checker-thread}.test.ts',
  'test/cache/{remote-cache,content-keys,chain-keys,remote-client}.test.ts',
  'test/security/{manifest-fuzz,crashes,load}.test.ts',
  'test/workspace/{pnpm,design-system}.test.ts',
];

/** Resolves the tests' imports of `lib/…/x.js` to the source `…/x.ts` beside lib/. */
const fromSources: Plugin = {
  name: 'kit-from-sources',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer || !source.includes('/lib/')) return null;
    const target = resolve(dirname(importer), source);
    if (!target.startsWith(LIB)) return null;
    const file = join(REPO, relative(LIB, target)).replace(/\.js$/, '.ts');
    return existsSync(file) ? file : null;
  },
};

const shared = {
  setupFiles: ['test/setup/plain-terminal.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Suites start real services and bundlers: two at a time fits the two cores.
    maxWorkers: 2,
    projects: [
      { plugins: [fromSources], test: { ...shared, name: 'inner', include: INNER, isolate: false } },
      // Real `kit` processes on 127.0.0.1 and the built lib/: `npm test` runs these and the inner ones.
      { test: { ...shared, name: 'service', include: ['test/**/*.test.ts'], exclude: [...INNER, ...E2E] } },
      { test: { ...shared, name: 'e2e', include: E2E } },
    ],
  },
});
