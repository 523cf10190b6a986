import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { useChromium } from '../helpers/browser.js';
import { startStaticSite, type TestNginx } from '../helpers/nginx.js';
import { startTestServer } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

// One installed package per shape CommonJS takes on npm, each as small as the shape, in the
// workspace's own node_modules; the page reads each through a module of each bundler.
const SHAPES: Record<string, string | object> = {
  // exports.x = …: named imports.
  'node_modules/cjs-named/package.json': { name: 'cjs-named', version: '1.0.0', main: 'index.js', types: 'index.d.ts' },
  'node_modules/cjs-named/index.js': "'use strict';\nexports.add = function (a, b) { return a + b; };\nexports.label = 'named';\n",
  'node_modules/cjs-named/index.d.ts': 'export declare function add(a: number, b: number): number;\nexport declare const label: string;\n',
  // React's shape: module.exports = require('./cjs/….js'), chosen by NODE_ENV.
  'node_modules/cjs-chain/package.json': { name: 'cjs-chain', version: '1.0.0', main: 'index.js', types: 'index.d.ts' },
  'node_modules/cjs-chain/index.js': "'use strict';\nif (process.env.NODE_ENV === 'production') {\n  module.exports = require('./cjs/chain.production.js');\n} else {\n  module.exports = require('./cjs/chain.development.js');\n}\n",
  'node_modules/cjs-chain/cjs/chain.development.js': "'use strict';\nexports.mode = 'development';\nexports.twice = function (n) { return n * 2; };\n",
  'node_modules/cjs-chain/cjs/chain.production.js': "'use strict';\nexports.mode = 'production';\nexports.twice = function (n) { return n * 2; };\n",
  'node_modules/cjs-chain/index.d.ts': 'export declare const mode: string;\nexport declare function twice(n: number): number;\n',
  // Babel's and TypeScript's output: __esModule, so the default import is exports.default.
  'node_modules/cjs-esmodule/package.json': { name: 'cjs-esmodule', version: '1.0.0', main: 'index.js', types: 'index.d.ts' },
  'node_modules/cjs-esmodule/index.js': "'use strict';\nObject.defineProperty(exports, '__esModule', { value: true });\nexports.default = function hello() { return 'hello'; };\nexports.other = 7;\n",
  'node_modules/cjs-esmodule/index.d.ts': 'export default function hello(): string;\nexport declare const other: number;\n',
  // module.exports = function: the default import is the function itself.
  'node_modules/cjs-function/package.json': { name: 'cjs-function', version: '1.0.0', main: 'index.js', types: 'index.d.ts' },
  'node_modules/cjs-function/index.js': "'use strict';\nfunction join() { return Array.prototype.join.call(arguments, ' '); }\njoin.extra = 2;\nmodule.exports = join;\n",
  'node_modules/cjs-function/index.d.ts': 'declare function join(...parts: string[]): string;\ndeclare namespace join { const extra: number; }\nexport = join;\n',
  // A require() of another installed package, and one of a package that is not installed, inside try.
  'node_modules/cjs-requires/package.json': { name: 'cjs-requires', version: '1.0.0', main: 'index.js', types: 'index.d.ts', dependencies: { 'cjs-named': '1.0.0', 'cjs-function': '1.0.0' } },
  'node_modules/cjs-requires/index.js': "'use strict';\nexports.named = require('cjs-named');\nexports.join = require('cjs-function');\nvar optional;\ntry { optional = require('not-installed-anywhere'); } catch (e) { optional = 'missing'; }\nexports.optional = optional;\n",
  'node_modules/cjs-requires/index.d.ts': "export declare const named: typeof import('cjs-named');\nexport declare const join: typeof import('cjs-function');\nexport declare const optional: unknown;\n",
};

const PROBE = `import named, { add, label } from 'cjs-named';
import { mode, twice } from 'cjs-chain';
import hello, { other } from 'cjs-esmodule';
import join from 'cjs-function';
import * as requires from 'cjs-requires';

/** What each shape gives this module. */
export function probe() {
  return {
    named: add(1, 2) + label,
    chain: mode + twice(2),
    esModule: hello() + other,
    fn: join('a', 'b') + join.extra,
    sameNamed: requires.named === named,
    sameFunction: requires.join === join,
    optional: requires.optional,
  };
}
`;

function shapesWorkspace() {
  const dependencies = { 'cjs-named': '1.0.0', 'cjs-chain': '1.0.0', 'cjs-esmodule': '1.0.0', 'cjs-function': '1.0.0', 'cjs-requires': '1.0.0' };
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/app', 'packages/other'] },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, esModuleInterop: true, skipLibCheck: true, types: [] } },
    'index.html': '<!doctype html>\n<html><head><title>shapes</title></head><body><script type="module">import "@c/app/main";</script></body></html>\n',
    'packages/app/package.json': pkg('@c/app', { exports: { './main': './main/index.ts', './probe': './probe/index.ts' }, dependencies: { ...dependencies, '@c/other': '0.1.0' }, kit: { bundler: 'ts' } }),
    'packages/app/probe/index.ts': PROBE,
    'packages/app/main/index.ts': "import { probe } from '@c/app/probe';\nimport { probe as probeOther } from '@c/other/probe';\ndocument.body.dataset.ts = JSON.stringify(probe());\ndocument.body.dataset.esbuild = JSON.stringify(probeOther());\n",
    'packages/other/package.json': pkg('@c/other', { exports: { './probe': './probe/index.ts' }, dependencies, kit: { bundler: 'esbuild' } }),
    'packages/other/probe/index.ts': PROBE,
    ...SHAPES,
  });
  return dir;
}

const chromium = useChromium();
const running: TestNginx[] = [];
afterAll(async () => {
  for (const nginx of running) await nginx.stop();
  removeWorkspaces();
});

const expected = (mode: string) => ({ named: '3named', chain: `${mode}4`, esModule: 'hello7', fn: 'a b2', sameNamed: true, sameFunction: true, optional: 'missing' });

async function readShapes(url: string) {
  const page = await chromium.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.body?.dataset.esbuild, undefined, { timeout: 10_000 }).catch(() => undefined);
    const read = await page.evaluate(() => ({ ts: document.body.dataset.ts, esbuild: document.body.dataset.esbuild }));
    return { ts: read.ts && JSON.parse(read.ts), esbuild: read.esbuild && JSON.parse(read.esbuild), errors };
  } finally {
    await page.close();
  }
}

describe('CommonJS packages as bundlers load them (CONTRACT §12), under both bundlers', () => {
  test('kit run: named exports, re-export chains, __esModule and function defaults, require() of another package as the same object, the development branch', async () => {
    const dir = shapesWorkspace();
    const server = await startTestServer(dir);
    try {
      expect(await readShapes(`${server.url}preview/`)).toEqual({ ts: expected('development'), esbuild: expected('development'), errors: [] });
    } finally {
      await server.close();
    }
  });

  test('kit build: the same from dist/, with the production branch', async () => {
    const dir = shapesWorkspace();
    const built = kitSync(['build', '--cwd', dir]);
    expect(built.status, built.stderr).toBe(0);
    const site = await startStaticSite(join(dir, 'dist'));
    running.push(site);
    expect(await readShapes(site.url)).toEqual({ ts: expected('production'), esbuild: expected('production'), errors: [] });
  });

  test('a Node built-in an installed package requires is PREVIEW_BUILTIN naming the package, unless its browser field replaces it', () => {
    const dir = shapesWorkspace();
    writeFiles(dir, {
      'node_modules/cjs-requires/index.js': "'use strict';\nexports.named = require('cjs-named');\nexports.join = require('cjs-function');\nexports.optional = require('fs').readFileSync ? 'node' : 'missing';\n",
    });
    const built = kitSync(['build', '--cwd', dir]);
    expect(built.status).toBe(1);
    expect(built.stderr).toMatch(/node_modules\/cjs-requires\/index\.js:4:\d+ PREVIEW_BUILTIN cjs-requires@1\.0\.0 imports the Node built-in 'fs'/);
    writeFiles(dir, { 'node_modules/cjs-requires/package.json': { name: 'cjs-requires', version: '1.0.0', main: 'index.js', types: 'index.d.ts', browser: { fs: false } } });
    const replaced = kitSync(['build', '--cwd', dir]);
    expect(replaced.status, replaced.stderr).toBe(0);
  });
});
