// node bench/parts-server.js <root> <tsconfig> <specsJson>: a module's answer at kit's addresses from
// the parts alone, in the form a page asks for (maps inline, not minified): h3 + listhen serving; a
// `ts` module bundled by rolldown, @swc/core transforming each file, while TypeScript 7 checks its files
// (the answer waits for both, as kit's does); an `esbuild` module by one esbuild.build; a stylesheet
// by postcss, its `@import`s inlined. TypeScript 7 checks every `ts` module in the background from the
// start, as `kit run` does. <specsJson> as bench/floor-build.js takes it. Prints its URL.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { createApp, eventHandler, setResponseHeader, setResponseStatus, toNodeListener } from 'h3';
import { listen } from 'listhen';
import { inlinedStylesheet } from './css-inline.js';
import { transpiled, workspaceFiles } from './floors.js';
import { NativeChecker } from '../lib/compiler/check/native-checker.js';

const [root, tsconfig, specsFile] = process.argv.slice(2).map((arg) => resolve(arg));
// kit's own copies of the parts (bench/node_modules holds Vite's).
const [{ rolldown }, esbuild] = ['rolldown', 'esbuild'].map(createRequire(join(resolve(import.meta.dirname, '..'), 'package.json')));
const bundlerOf = new Map(JSON.parse(readFileSync(specsFile, 'utf8')));
const filesOf = (dir) => ['index.ts', 'helpers.ts'].map((file) => join(dir, file)).filter(existsSync);

const checker = new NativeChecker(root);

async function tsModule(dir) {
  const [code, found] = await Promise.all([
    (async () => {
      const build = await rolldown({ input: join(dir, 'index.ts'), plugins: [workspaceFiles, transpiled], platform: 'neutral', onLog() {} });
      const { output } = await build.generate({ format: 'es', sourcemap: 'inline', codeSplitting: false });
      await build.close();
      return output[0].code;
    })(),
    checker.check(tsconfig, filesOf(dir)),
  ]);
  return [...found.values()].some((list) => list.length) ? undefined : code;
}

async function esbuildModule(dir) {
  const result = await esbuild.build({
    entryPoints: [join(dir, 'index.ts')], bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2022',
    sourcemap: 'inline', outdir: join(root, 'parts-out'), external: ['@bench/*'], loader: { '.css': 'empty', '.svg': 'file' }, logLevel: 'silent',
  });
  return result.outputFiles.find((file) => file.path.endsWith('.js')).text;
}

const app = createApp().use(eventHandler(async (event) => {
  // /m/@bench/<package>@<version>/<modules|styles>/<module>?<options>
  const [, pkg, family, sub] = /^\/m\/@bench\/([^@/]+)@[^/]+\/(modules|styles)\/([^?]+)/.exec(event.path) ?? [];
  const specifier = `@bench/${pkg}/${sub}`;
  const dir = join(root, 'packages', pkg ?? '', sub ?? '');
  if (!pkg || !bundlerOf.has(specifier)) return setResponseStatus(event, 404), 'not a module';
  if (family === 'styles') {
    setResponseHeader(event, 'content-type', 'text/css; charset=utf-8');
    return inlinedStylesheet(join(dir, 'styles.css'), true);
  }
  const code = bundlerOf.get(specifier) === 'ts' ? await tsModule(dir) : await esbuildModule(dir);
  if (code === undefined) return setResponseStatus(event, 422), 'type errors';
  setResponseHeader(event, 'content-type', 'text/javascript; charset=utf-8');
  return code;
}));
const listener = await listen(toNodeListener(app), { hostname: '127.0.0.1', port: { port: 0, random: true }, showURL: false, open: false, clipboard: false, qr: false, tunnel: false, autoClose: false, isProd: true });
console.log(`http://127.0.0.1:${listener.server.address().port}/`);
for (const [specifier, bundler] of bundlerOf) {
  if (bundler === 'ts') checker.check(tsconfig, filesOf(join(root, 'packages', ...specifier.split('/').slice(1))), { background: true }).catch(() => undefined);
}
process.on('SIGTERM', async () => {
  await checker.close();
  await esbuild.stop();
  process.exit(0);
});
