// What `kit build` costs when only its parts do its work: TypeScript 7 checking every `ts`-bundler
// module in its own process while this one emits every module for production (rolldown + @swc/core
// and esbuild's minifier for `ts` modules, one rolldown call for all of them, one esbuild.build for the `esbuild` ones, postcss and
// esbuild for the stylesheets, the assets copied), with nothing of kit's own logic around them.
//
// node bench/floor-build.js <workspaceRoot> <outDir> <tsconfigForCheck> <specsJson> [development]
// With `development`, the forms a page asks for instead: not minified, source maps inline.
// <specsJson>: a file holding [[specifier, "ts" | "esbuild"], ...]; @bench/app/main is added as an
// esbuild module. Prints {ms, loadMs, emitMs, checkMs, tsModules, esbuildModules, files, memory} as one line,
// memory being each process's peak (this one, TypeScript 7's, esbuild's), read before they end.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { peakMemory } from './memory.js';

// The clock starts before anything but node's own modules is loaded: the checker and the parts are loaded below.
const t0 = performance.now();

const [root, outDir, tsconfig, specsFile] = process.argv.slice(2, 6).map((arg) => resolve(arg));
const development = process.argv[6] === 'development';
const REPO = resolve(import.meta.dirname, '..');
const dirOf = (specifier) => join(root, 'packages', ...specifier.split('/').slice(1));
const specs = JSON.parse(readFileSync(specsFile, 'utf8'));
const tsModules = specs.filter(([, bundler]) => bundler === 'ts').map(([s]) => dirOf(s));
const esbuildModules = [...specs.filter(([, bundler]) => bundler === 'esbuild').map(([s]) => dirOf(s)), dirOf('@bench/app/main')].filter((dir) => existsSync(join(dir, 'index.ts')));

// The check first, so TypeScript 7 works on the other core while this one emits. kit checks a
// module's own files (its entry and what it reaches in the module): here index.ts and helpers.ts.
const { NativeChecker } = await import('../lib/compiler/check/native-checker.js');
const checker = new NativeChecker(root);
const checkedFiles = tsModules.flatMap((dir) => ['index.ts', 'helpers.ts'].map((file) => join(dir, file))).filter(existsSync);
let checkMs;
const checking = checker.open(tsconfig).then(() => checker.check(tsconfig, checkedFiles)).then((found) => ((checkMs = performance.now() - t0), found));
// The native process is spawned a few turns later (its API loads first): let it start before the synchronous loads below.
for (let turn = 0; checker.pid === undefined && turn < 10000; turn++) await new Promise(setImmediate);

// kit's own copies of each part (bench/node_modules holds Vite's).
const loading = performance.now();
const require = createRequire(join(REPO, 'package.json'));
const [swc, { rolldown }, esbuild] = ['@swc/core', 'rolldown', 'esbuild'].map((name) => require(name));
const { inlinedStylesheet } = await import('./css-inline.js');
const emitStarted = performance.now();
const loadMs = emitStarted - loading;

let files = 0;
const write = (path, data) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  files++;
};
// Each module's outputs side by side: <outDir>/<package>/<module>/{index.js, styles.css, icon.svg}.
const outOf = (dir, file) => join(outDir, dir.slice(join(root, 'packages').length + 1), file);

/** kit's `ts` bundler without kit: bare imports external, stylesheets empty (emitted on their own), assets URLs, each .ts file through swc. */
const tsPlugin = {
  name: 'floor-ts',
  resolveId(source, importer) {
    if (!importer) return null;
    if (!source.startsWith('.')) return { id: source, external: true };
    if (/\.(css|svg)$/.test(source)) return `\0${source}`;
    const base = join(dirname(importer), source.replace(/\.js$/, ''));
    return [`${base}.ts`, base].find(existsSync) ?? null;
  },
  load: (id) => (id.endsWith('.css') ? { code: '', moduleType: 'js' } : id.endsWith('.svg') ? { code: `export default new URL(${JSON.stringify(id.slice(1))}, import.meta.url).href;`, moduleType: 'js' } : null),
  transform(code, id) {
    if (!id.endsWith('.ts')) return null;
    // Production output has no source map (kit: sourcemap=none with env=production).
    const out = swc.transformSync(code, { filename: id, sourceMaps: development, isModule: true, swcrc: false, jsc: { target: 'es2022', keepClassNames: true, parser: { syntax: 'typescript', decorators: true }, transform: { decoratorVersion: '2023-11' } } });
    return { code: out.code, map: out.map ?? null, moduleType: 'js' };
  },
};

/** The `ts` modules in one rolldown call, an input each, as kit's bundleTogether does; each minified by esbuild. */
async function emitTs() {
  if (!tsModules.length) return;
  const build = await rolldown({ input: Object.fromEntries(tsModules.map((dir, i) => [`m${i}`, join(dir, 'index.ts')])), plugins: [tsPlugin], platform: 'neutral', onLog() {} });
  const { output } = await build.generate({ format: 'es', entryFileNames: '[name].js', sourcemap: development ? 'inline' : false });
  await build.close();
  await Promise.all(tsModules.map(async (dir, i) => {
    const code = output.find((chunk) => chunk.name === `m${i}`).code;
    write(outOf(dir, 'index.js'), development ? code : (await esbuild.transform(code, { minify: true, format: 'esm', loader: 'js', target: 'es2022' })).code);
    if (existsSync(join(dir, 'icon.svg'))) write(outOf(dir, 'icon.svg'), readFileSync(join(dir, 'icon.svg')));
  }));
}

/** Every `esbuild` module in one call, as kit's bundleTogether does; esbuild writes each SVG beside its module's code (the `file` loader). */
async function emitEsbuild() {
  if (!esbuildModules.length) return;
  const result = await esbuild.build({
    entryPoints: esbuildModules.map((dir) => ({ in: join(dir, 'index.ts'), out: outOf(dir, 'index').slice(outDir.length + 1) })),
    bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2022', minify: !development,
    sourcemap: development ? 'inline' : false, sourcesContent: true,
    define: { 'process.env.NODE_ENV': development ? '"development"' : '"production"' },
    outdir: outDir, outbase: join(root, 'packages'), assetNames: '[dir]/[name]',
    external: ['@bench/*'], loader: { '.css': 'empty', '.svg': 'file' }, logLevel: 'silent',
  });
  for (const file of result.outputFiles) write(file.path, file.contents);
}

/** Every module's stylesheet: its `@import`s inlined with postcss (as kit's styles.ts does), then minified by esbuild. */
async function emitStyles() {
  await Promise.all([...tsModules, ...esbuildModules].filter((dir) => existsSync(join(dir, 'styles.css'))).map(async (dir) => {
    const css = inlinedStylesheet(join(dir, 'styles.css'), development);
    write(outOf(dir, 'styles.css'), development ? css : (await esbuild.transform(css, { loader: 'css', minify: true })).code);
  }));
}

await Promise.all([emitTs(), emitEsbuild(), emitStyles()]);
const emitMs = performance.now() - emitStarted;
const found = await checking;
const ms = performance.now() - t0;

// Every process's peak while each still runs: this one, TypeScript 7's and esbuild's.
const memory = peakMemory(process.pid);
const diagnostics = [...found.values()].reduce((sum, list) => sum + list.length, 0);
process.stderr.write(`floor-build: TypeScript 7 checked ${found.size} of ${checkedFiles.length} files, ${diagnostics} diagnostics\n`);
await checker.close();
await esbuild.stop();
console.log(JSON.stringify({ ms, loadMs, emitMs, checkMs, tsModules: tsModules.length, esbuildModules: esbuildModules.length, files, memory }));
