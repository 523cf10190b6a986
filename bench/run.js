// npm run bench: kit's figures as ratios to a baseline measured in the same run.
//   compile: a module cold and cached, per bundler, against one plain esbuild build of the same entry
//   serve:   warm requests/s for a cached module against a bare node:http server sending the same bytes
//   reload:  the per-request manifest check on a 200-package workspace
//   latency: stylesheet edit to applied style in Chromium, against Vite 7's CSS hot update
//   hot:     code edit to applied in Chromium (a module's helper, a React component), against Vite 8's
//            hot updates (bench/hot-latency.js); --hot runs only it
//   suite:   kit against Vite 8 and its floors on a generated workspace (bench/suite.js), and the ts bundler's
//            parts alone against the same goals (bench/floors.js); --suite runs only it
// The generated workspace is --packages N × --modules M (20 × 5), of --shape packages or chain
// (bench/generate.js's SHAPES; packages by default).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer, Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import * as esbuild from 'esbuild';
import { benchLatency } from './latency.js';
import { benchHotLatency } from './hot-latency.js';
import { benchSuite } from './suite.js';
import { DEFAULT_SHAPE, SHAPES, shapeSaid } from './generate.js';
import { Compiler, DEVELOPMENT, findModule, PRODUCTION, WorkspaceLoader } from '../lib/compiler/index.js';

const REPO = resolve(import.meta.dirname, '..');
const results = {};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async (fn) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

function timeSync(fn) {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

function shopCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'kit-bench-'));
  cpSync(join(REPO, 'examples', 'shop'), dir, { recursive: true });
  return dir;
}

async function benchCompile() {
  const dir = shopCopy();
  const rows = [];
  for (const [specifier, bundler] of [['@shop/util/format', 'esbuild'], ['@shop/ui/button', 'esbuild'], ['@shop/app/main', 'ts']]) {
    const module = findModule(new WorkspaceLoader(dir).load(), specifier);
    const plain = [];
    const cold = [];
    const cached = [];
    for (let i = 0; i < 7; i++) {
      plain.push(await time(() => esbuild.build({ entryPoints: [module.entry], bundle: true, write: false, format: 'esm', sourcemap: 'external', outfile: join(dir, 'out.js'), packages: 'external', loader: { '.svg': 'file', '.css': 'empty' }, logLevel: 'silent' })));
      const workspace = new WorkspaceLoader(dir).load();
      const compiler = new Compiler();
      cold.push(await time(() => compiler.compile(workspace, findModule(workspace, specifier), DEVELOPMENT)));
      cached.push(await time(() => compiler.compile(workspace, findModule(workspace, specifier), DEVELOPMENT)));
    }
    rows.push({ module: specifier, bundler, plainEsbuildMs: median(plain), coldMs: median(cold), cachedMs: median(cached), coldRatio: median(cold) / median(plain), cachedShareOfCold: median(cached) / median(cold) });
  }
  rmSync(dir, { recursive: true, force: true });
  return rows;
}

/** Requests/s with `concurrency` keep-alive connections for `ms` (bounded, 127.0.0.1 only). */
async function load(url, ms = 3000, concurrency = 32) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  let done = 0;
  const end = performance.now() + ms;
  const one = () => new Promise((ok, fail) => {
    const req = request({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent }, (res) => {
      res.resume();
      res.on('end', ok);
    });
    req.on('error', fail);
    req.end();
  });
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      await one();
      done++;
    }
  }));
  agent.destroy();
  return done / (ms / 1000);
}

async function benchServe() {
  const dir = shopCopy();
  const child = spawn(process.execPath, [join(REPO, 'bin', 'kit.js'), 'run', '--port', '0', '--cwd', dir], { env: { ...process.env, KIT_SERVICE_EXTENSIONS: '@kit-js/packages/development' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((ok) => createInterface({ input: child.stdout }).once('line', ok));
  const path = '/m/@shop/ui@0.1.0/modules/button?target=browser&format=esm&env=production&min=true&sourcemap=none&types=false&css=false';
  const coldMs = await time(() => fetch(new URL(path, url)).then((r) => r.text()));
  // What `kit build` spends on the same module: one cold production compile, in process.
  const buildSamples = [];
  for (let i = 0; i < 5; i++) {
    const workspace = new WorkspaceLoader(dir).load();
    buildSamples.push(await time(() => new Compiler().compile(workspace, findModule(workspace, '@shop/ui/button'), PRODUCTION)));
  }
  const body = await (await fetch(new URL(path, url))).text();
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    res.end(body);
  });
  await new Promise((ok) => bare.listen(0, '127.0.0.1', ok));
  const bareUrl = `http://127.0.0.1:${bare.address().port}${path}`;
  await load(new URL(path, url).href, 500);
  await load(bareUrl, 500);
  const kit = await load(new URL(path, url).href);
  const baseline = await load(bareUrl);
  bare.close();
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
  return { coldFirstRequestMs: coldMs, buildSameModuleMs: median(buildSamples), kitRequestsPerSecond: Math.round(kit), bareNodeRequestsPerSecond: Math.round(baseline), ratio: kit / baseline };
}

function benchReload(packages = 200) {
  const dir = mkdtempSync(join(tmpdir(), 'kit-bench-200-'));
  const list = [];
  for (let i = 0; i < packages; i++) {
    const name = `p${i}`;
    list.push(`packages/${name}`);
    mkdirSync(join(dir, 'packages', name, 'main'), { recursive: true });
    writeFileSync(join(dir, 'packages', name, 'package.json'), JSON.stringify({ name: `@bench/${name}`, version: '1.0.0', exports: { './main': './main/index.ts' }, kit: { modules: '.' } }));
    writeFileSync(join(dir, 'packages', name, 'main', 'module.json'), JSON.stringify({ platforms: ['web'] }));
    writeFileSync(join(dir, 'packages', name, 'main', 'index.ts'), 'export const x = 1;\n');
  }
  writeFileSync(join(dir, 'kit.json'), JSON.stringify({ packages: list }));
  const loader = new WorkspaceLoader(dir);
  const first = timeSync(() => loader.load());
  const full = [];
  for (let i = 0; i < 50; i++) full.push(timeSync(() => loader.load()));
  // As a module request does until a watcher vouches (or without one): only the module's package
  // (here depending on none) and kit.json with the folders packages are found in are stat'ed.
  const own = [loader.load().packages.find((p) => p.name === '@bench/p7')];
  const narrowed = [];
  for (let i = 0; i < 50; i++) narrowed.push(timeSync(() => loader.loadLazily() && loader.isCurrent(own)));
  // As `kit run` does once its watcher has scanned: nothing is stat'ed.
  loader.setWatching(true);
  loader.load();
  const vouched = [];
  for (let i = 0; i < 50; i++) vouched.push(timeSync(() => loader.loadLazily() && loader.isCurrent(own)));
  rmSync(dir, { recursive: true, force: true });
  return { packages, firstLoadMs: first, fullCheckMs: median(full), packageCheckMs: median(narrowed), requestCheckMs: median(vouched) };
}

const fmt = (n, d = 2) => Number(n).toFixed(d);
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const shapeAt = process.argv.indexOf('--shape');
const shape = shapeAt > 0 ? process.argv[shapeAt + 1] : DEFAULT_SHAPE;
if (!SHAPES[shape]) throw new Error(`--shape ${shape}: one of ${Object.keys(SHAPES).join(', ')}`);
const size = { packages: arg('packages', 20), modules: arg('modules', 5), shape };
/** A results file's name: the shape named when it is not the default one. */
const resultsFile = (prefix) => join(REPO, 'bench', 'results', `${prefix}${shape === DEFAULT_SHAPE ? '' : `-${shape}`}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
// `--suite` runs only the comparison on the generated workspace; `--hot` only the code edit figure.
const suiteOnly = process.argv.includes('--suite');
const hotOnly = process.argv.includes('--hot');
/** Code edit → applied, kit and Vite 8, median of 10 edits each (goal: kit's below Vite's). */
function printHot(h) {
  const line = (name, kit, vite) => console.log(`${name.padEnd(44)}${`${kit.median}/${kit.p95}`.padStart(11)}${`${vite.median}/${vite.p95}`.padStart(11)}${fmt(kit.median / vite.median).padStart(8)}  below 1×: ${kit.median < vite.median ? 'met' : 'NOT MET'}`);
  console.log(`\ncode edit → applied in Chromium, ms, median/p95 of ${h.edits} edits (kit / Vite 8)${shape === DEFAULT_SHAPE ? '' : `; the workspace's shape: ${shape}, ${shapeSaid(shape)}`}`);
  line("a module's helper, ts bundler (with its check)", h.helper_ts_kit, h.helper_ts_vite);
  line("a module's helper, esbuild bundler", h.helper_esbuild_kit, h.helper_esbuild_vite);
  line('a React component, ts bundler (with its check)', h.react_ts_kit, h.react_vite);
  line('a React component, esbuild bundler', h.react_esbuild_kit, h.react_vite);
}
if (hotOnly) {
  results.hot = await benchHotLatency(REPO, { size });
  printHot(results.hot);
  mkdirSync(join(REPO, 'bench', 'results'), { recursive: true });
  const file = resultsFile('hot');
  writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(`\nwritten to ${file}`);
  await esbuild.stop();
  process.exit(0);
}
if (!suiteOnly) {
  results.compile = await benchCompile();
  results.serve = await benchServe();
  results.reload = benchReload();
  results.latency = await benchLatency(REPO);
  results.hot = await benchHotLatency(REPO, { size });
}

if (!suiteOnly) {
  console.log('\ncompile (median of 7, development form)');
  console.log('module                bundler  esbuild ms  kit cold ms  ratio  cached ms  cached/cold');
  for (const r of results.compile) {
    console.log(`${r.module.padEnd(22)}${r.bundler.padEnd(9)}${fmt(r.plainEsbuildMs).padStart(10)}${fmt(r.coldMs).padStart(13)}${fmt(r.coldRatio).padStart(7)}${fmt(r.cachedMs, 3).padStart(11)}${(fmt(r.cachedShareOfCold * 100, 2) + '%').padStart(13)}`);
  }
  const s = results.serve;
  console.log(`\nserve: warm ${s.kitRequestsPerSecond} req/s vs bare node:http ${s.bareNodeRequestsPerSecond} req/s → ${fmt(s.ratio)}×; cold first request ${fmt(s.coldFirstRequestMs, 0)} ms vs ${fmt(s.buildSameModuleMs, 1)} ms for kit build's compile of the same module`);
  const r = results.reload;
  console.log(`reload: manifest check on ${r.packages} packages per module request: ${fmt(r.requestCheckMs, 3)} ms with the watcher, ${fmt(r.packageCheckMs, 3)} ms before its first scan (the module's packages), ${fmt(r.fullCheckMs, 3)} ms checking every manifest (first load ${fmt(r.firstLoadMs, 0)} ms)`);
}
/** One line per figure: kit, what it is compared with, their ratio, and the goal when the figure has one. */
function printSuite(u) {
  const row = (name, kit, other, ratio = '', goal = '') => console.log(`${name.padEnd(44)}${String(kit).padStart(11)}${String(other).padStart(11)}${String(ratio).padStart(8)}  ${goal}`);
  /** `kit / other` held against a goal on that ratio: `<` below, `<=` within, `>=` at least. */
  const judged = (name, kit, other, op, limit, d = 0) => {
    const ratio = kit / other;
    const met = op === '<' ? ratio < limit : op === '<=' ? ratio <= limit : ratio >= limit;
    row(name, fmt(kit, d), fmt(other, d), fmt(ratio), `${op === '<' ? 'below' : op === '<=' ? 'within' : 'at least'} ${limit}×: ${met ? 'met' : 'NOT MET'}`);
  };
  const plainRow = (name, kit, other, d = 0) => row(name, fmt(kit, d), fmt(other, d), fmt(kit / other));
  const pair = (x, d = 1) => `${fmt(x.p50, d)}/${fmt(x.p95, d)}`;
  const { kit, vite, build } = u;
  console.log(`\nkit against Vite ${u.viteVersion} on a generated workspace of ${u.packages} packages × ${u.modules} modules, shape ${u.shape} (${shapeSaid(u.shape)}) (ms unless said; ratio = kit / the other)`);
  row('figure', 'kit', 'Vite 8', 'ratio', 'goal');
  plainRow('server start to listening', kit.startMs, vite.startMs);
  row('cold module + styles, p50/p95', pair(kit.coldModule), pair(vite.coldModule), fmt(kit.coldModule.p50 / vite.coldModule.p50));
  row('  esbuild-bundler modules, p50/p95', pair(kit.coldModuleEsbuildBundler), pair(vite.coldModuleEsbuildBundler), fmt(kit.coldModuleEsbuildBundler.p50 / vite.coldModuleEsbuildBundler.p50));
  plainRow('  ts-bundler modules, p50', kit.coldModuleTsBundler.p50, vite.coldModuleTsBundler.p50, 1);
  plainRow('  ts-bundler modules, p95', kit.coldModuleTsBundler.p95, vite.coldModuleTsBundler.p95, 1);
  judged('whole page cold (fresh server, empty cache)', kit.page.coldMs, vite.page.coldMs, '<=', 0.8);
  plainRow('whole page, fresh browser context, warm server', kit.page.freshMs, vite.page.freshMs);
  judged('whole page after a restart', kit.page.restartMs, vite.page.restartMs, '<=', 0.5);
  judged('whole page reloaded, against Vite 8\'s', kit.page.warmMs, vite.page.warmMs, '<=', 0.5);
  plainRow('whole page cold: requests', kit.page.requests, vite.page.requests);
  judged('whole page cold: bytes (KiB)', kit.page.bytes / 1024, vite.page.bytes / 1024, '<=', 1.2);
  const sp = u.startToPage;
  judged('server start to rendered page, against Vite 8 bundled dev', sp.kit.ms, sp.viteBundled.ms, '<=', 1.5);
  console.log(`${''.padEnd(4)}kit: ${fmt(sp.kit.startMs, 0)} ms to listen + ${fmt(sp.kit.pageMs, 0)} ms page; Vite 8 with experimental.bundledDev: ${fmt(sp.viteBundled.startMs, 0)} + ${fmt(sp.viteBundled.pageMs, 0)} (fresh browser context, cache empty)`);
  judged('warm requests/s, a ts module', kit.requestsPerSecond, vite.requestsPerSecond, '>=', 1.5);
  row('stylesheet edit, p50/p95', pair(kit.styleEdit, 0), pair(vite.styleEdit, 0), fmt(kit.styleEdit.p50 / vite.styleEdit.p50));
  judged('peak memory, MiB (kit: with its children)', kit.memory.peakMiB, vite.memory.peakMiB, '<=', 1.5);
  judged('  against Vite 8 with vite-plugin-checker (after the page)', kit.memoryAfterPage.peakMiB, u.viteChecker.memory.peakMiB, '<', 1);
  const parts = (m) => m.processes.map((p) => `${p.name} ${fmt(p.MiB, 0)}`).join(' + ');
  console.log(`${''.padEnd(4)}kit: ${parts(kit.memory)}; Vite: ${parts(vite.memory)} (MiB)`);

  console.log('\nkit against its floors');
  row('figure', 'kit', 'floor', 'ratio', 'goal');
  const emit = u.floors.emit;
  judged('cold ts-bundler module, p50', kit.coldModuleTsBundler.p50, emit.withTransform.p50, '<=', 1.2, 1);
  judged('  p95', kit.coldModuleTsBundler.p95, emit.withTransform.p95, '<=', 1.5, 1);
  judged('  on a warm service (JIT warm, module cold), p50', kit.coldModuleTsWarmService.p50, emit.withTransform.p50, '<=', 1.2, 1);
  judged('  on a warm service, p95', kit.coldModuleTsWarmService.p95, emit.withTransform.p95, '<=', 1.5, 1);
  console.log(`${''.padEnd(4)}floor: rolldown + @swc/core alone on the same modules, in process, warm JIT, no HTTP, stylesheet or check;\n${''.padEnd(4)}kit: the first 25 on a fresh server, then 25 other ts modules on it (the floor's JIT is warm too)`);
  const f = build.floor;
  judged(`kit build, ${build.modules} modules, cold cache`, build.kitMs, f.ms, '<=', 1.5);
  judged('kit check, cold cache', build.checkMs, f.ms, '<=', 1.5);
  console.log(`${''.padEnd(4)}floor: tsc --noEmit of TypeScript 7 over the ts-bundler entries ${fmt(f.tscMs, 0)} ms + one esbuild call over every entry ${fmt(f.esbuildMs, 0)} ms`);
  const edits = { esbuild: 'esbuild module', ts: 'ts module', tsBase: 'ts module others import' };
  for (const [bundler, r] of Object.entries(kit.rebuild)) {
    const name = `one-file edit, ${edits[bundler] ?? bundler}, p50`;
    if (bundler === 'ts') judged(name, r.kit.p50, r.esbuild.p50, '<=', 3, 1);
    else plainRow(name, r.kit.p50, r.esbuild.p50, 1);
  }
  if (kit.rebuild.ts?.kit.first !== undefined) plainRow('first edit after a restart, ts module', kit.rebuild.ts.kit.first, kit.rebuild.ts.esbuild.first, 1);
  console.log(`${''.padEnd(4)}edit of a helper file until the module's address answers with the new code (a ts module's with its verdict);\n${''.padEnd(4)}floor: esbuild's incremental context.rebuild() of the same entry after the same edit;\n${''.padEnd(4)}the module others import: ${u.shape === 'chain' ? 'the first ts module of the chain, which every later module reaches through the one before' : "the m0 of the first ts package, which every later package's m0 reaches through the one before"}`);
  plainRow('cold esbuild-bundler module, p50', kit.coldModuleEsbuildBundler.p50, u.esbuild.perModule.p50, 1);
  console.log(`${''.padEnd(4)}floor: one esbuild build of the module's entry`);
  plainRow(`kit build, every package on esbuild (${build.allEsbuild.modules})`, build.allEsbuild.kitMs, build.allEsbuild.esbuildMs);
  console.log(`${''.padEnd(4)}floor: one esbuild call over the same entries`);
  row('kit build again (cache warm) / cold', fmt(build.kitAgainMs, 0), fmt(build.kitMs, 0), fmt(build.kitAgainMs / build.kitMs));
  row('page after a restart / reloaded', fmt(kit.page.restartMs, 0), fmt(kit.page.warmMs, 0), fmt(kit.page.restartMs / kit.page.warmMs));
  printPartsAlone(u, judged);
}

/**
 * The parts the `ts` bundler must use, alone (bench/floors.js), held against the same goals: a
 * goal these miss is out of reach of any design built on them.
 */
function printPartsAlone({ floors, kit, vite, build }, judged) {
  const { emit, memory } = floors;
  console.log('\nthe parts alone: the least any design on them reaches (ratio against the same baseline and goal)');
  judged('cold ts module p50: rolldown + swc, against Vite 8', emit.withTransform.p50, vite.coldModuleTsBundler.p50, '<', 1, 1);
  judged('  rolldown alone (types stripped beforehand), p50', emit.bundlerAlone.p50, vite.coldModuleTsBundler.p50, '<', 1, 1);
  console.log(`${''.padEnd(4)}in process, warm JIT, no HTTP, no stylesheet, no check; Vite's figure is its whole answer over HTTP`);
  const served = floors.served;
  judged('cold ts module over HTTP, parts alone, p50', served.coldModuleTsBundler.p50, emit.withTransform.p50, '<=', 1.2, 1);
  judged('  p95', served.coldModuleTsBundler.p95, emit.withTransform.p95, '<=', 1.5, 1);
  judged('  on a warm server, p50', served.coldModuleTsWarmService.p50, emit.withTransform.p50, '<=', 1.2, 1);
  judged('  on a warm server, p95', served.coldModuleTsWarmService.p95, emit.withTransform.p95, '<=', 1.5, 1);
  console.log(`${''.padEnd(4)}h3 + listhen answering kit's requests of the same modules, in the same order (code and stylesheet; the code\n${''.padEnd(4)}waiting for TypeScript 7's check, which starts with the server): bench/parts-server.js, against the floor above`);
  if (kit.rebuild.ts) {
    judged('one-file edit: rolldown + swc beside TS 7, p50', emit.edit.p50, kit.rebuild.ts.esbuild.p50, '<=', 3, 1);
    judged('  rolldown + swc alone, p50', emit.editBundle.p50, kit.rebuild.ts.esbuild.p50, '<=', 3, 1);
  }
  judged('kit build: its work done by the parts alone', floors.build.ms, build.floor.ms, '<=', 1.5);
  console.log(`${''.padEnd(4)}a fresh process: ${floors.tsModules} ts modules through one rolldown call + swc + esbuild's minifier, the ${floors.esbuildModules + 1} others in one esbuild call,\n${''.padEnd(4)}every stylesheet through postcss + esbuild, while TypeScript 7 checks every ts module's files (bench/floor-build.js)`);
  // The browser's part as a cold page's browser does it: a fresh context (a reload revalidates and reuses compiled scripts).
  const pageParts = floors.page.ms + kit.page.freshMs;
  judged('whole page cold: its builds by the parts + the page, fresh context', pageParts, vite.page.coldMs, '<=', 0.8);
  judged('peak memory, MiB: the parts doing the page\'s work', memory.peakMiB, vite.memory.peakMiB, '<=', 1.5);
  console.log(`${''.padEnd(4)}${memory.processes.map((p) => `${p.name} ${fmt(p.MiB, 0)}`).join(' + ')} (MiB): the page's builds above, TypeScript 7 checking every ts module's files`);
  judged('warm requests/s: h3 + listhen, same bytes', kit.requestsFloor.h3, vite.requestsPerSecond, '>=', 1.5);
  judged('  bare node:http, same bytes', kit.requestsFloor.node, vite.requestsPerSecond, '>=', 1.5);

  console.log('\nkit against the parts alone (kit / parts; a goal the parts miss is met by coming within 1.2× of them)');
  judged('cold ts module, p50', kit.coldModuleTsBundler.p50, served.coldModuleTsBundler.p50, '<=', 1.2, 1);
  judged('  p95', kit.coldModuleTsBundler.p95, served.coldModuleTsBundler.p95, '<=', 1.2, 1);
  judged('  on a warm server, p50', kit.coldModuleTsWarmService.p50, served.coldModuleTsWarmService.p50, '<=', 1.2, 1);
  judged('  on a warm server, p95', kit.coldModuleTsWarmService.p95, served.coldModuleTsWarmService.p95, '<=', 1.2, 1);
  if (kit.rebuild.ts) judged('one-file edit, ts module, p50', kit.rebuild.ts.kit.p50, emit.edit.p50, '<=', 1.2, 1);
  judged('kit build, cold', build.kitMs, floors.build.ms, '<=', 1.2);
  // kit check compiles every module in its development form: the parts doing the page's builds do the same work.
  judged('kit check, cold', build.checkMs, floors.page.ms, '<=', 1.2);
  judged('whole page cold', kit.page.coldMs, pageParts, '<=', 1.2);
  // Held against the parts doing the page's work: kit's peak when its page is done, before the requests/s and edits.
  judged('peak memory, after the page', kit.memoryAfterPage.peakMiB, memory.peakMiB, '<=', 1.2);
  console.log(`${''.padEnd(4)}kit after the page: ${kit.memoryAfterPage.processes.map((p) => `${p.name} ${fmt(p.MiB, 0)}`).join(' + ')} (MiB)`);
}

results.suite = await benchSuite(size);
printSuite(results.suite);
if (!suiteOnly) {
  const l = results.latency;
  console.log(`stylesheet edit → applied in Chromium (${l.edits} edits): kit median ${l.kit.median} ms, p95 ${l.kit.p95} ms; Vite 7 median ${l.vite.median} ms, p95 ${l.vite.p95} ms → ${fmt(l.medianRatio)}× Vite 7's median`);
  printHot(results.hot);
}
mkdirSync(join(REPO, 'bench', 'results'), { recursive: true });
const file = resultsFile(`${size.packages}x${size.modules}`);
writeFileSync(file, JSON.stringify(results, null, 2));
console.log(`\nwritten to ${file}`);
await esbuild.stop();
