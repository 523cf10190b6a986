// kit against Vite 8 and against the floors (TypeScript 7's tsc, esbuild) on a generated
// workspace, every figure from one run of the suite (kit's and the parts' figures in rounds,
// see ROUNDS). Where a figure says cold, kit's persistent cache
// (KIT_CACHE_DIR) is a new, empty folder of this run (see `freshCache`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { DEFAULT_SHAPE, generateWorkspace } from './generate.js';
import { peakMemory } from './memory.js';
import { buildFloor, emitFloor, floorTsconfig, requestsFloor } from './floors.js';
import { NativeChecker } from '../lib/compiler/check/native-checker.js';

const REPO = resolve(import.meta.dirname, '..');
const KIT = join(REPO, 'bin', 'kit.js');
/** TypeScript 7's own tsc (the `typescript-native` alias of kit's package.json). */
const TSC7 = join(REPO, 'node_modules', 'typescript-native', 'bin', 'tsc');
export const VITE_VERSION = JSON.parse(readFileSync(join(REPO, 'bench', 'node_modules', 'vite8', 'package.json'), 'utf8')).version;
const DEV = 'target=browser&format=esm&env=development&min=false&sourcemap=inline&types=false&css=false';
const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
};
const stats = (xs) => ({ p50: quantile(xs, 0.5), p95: quantile(xs, 0.95) });
/**
 * Kit's figures and the parts' they are held against are taken in rounds, one of each after the
 * other: the machine's pace drifts over minutes (a figure of one run moved by a third between
 * runs), and a pair measured minutes apart would carry that drift into their ratio.
 */
const ROUNDS = 3;
/** The run whose figure (`figureOf`) is the median of the rounds'. */
const medianRun = (runs, figureOf = (x) => x) => [...runs].sort((a, b) => figureOf(a) - figureOf(b))[Math.floor(runs.length / 2)];
/** Runs of the same shape, each number the median of that number over the runs. */
function medianFigures(runs) {
  const first = runs[0];
  if (typeof first === 'number') return medianRun(runs);
  if (!first || typeof first !== 'object') return first;
  return Object.fromEntries(Object.keys(first).map((key) => [key, medianFigures(runs.map((run) => run[key]))]));
}
const time = async (fn) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const parts = (specifier) => /^@([^/]+)\/([^/]+)\/(.+)$/.exec(specifier).slice(2); // [package dir, module subpath]
const entryOf = (root, specifier) => join(root, 'packages', ...parts(specifier), 'index.ts');
const entriesOf = (root, specifiers) => Object.fromEntries(specifiers.map((s) => [s, entryOf(root, s)]));
const kitAddress = (url, specifier, family = 'modules') => `${url}m/@bench/${parts(specifier)[0]}@1.0.0/${family}/${parts(specifier)[1]}?${DEV}`;
/**
 * A new, empty cache folder in `caches` for a cold run of kit, all of them removed when the suite
 * ends. Not one folder emptied before each run: on a disk whose ext4 keeps no journal (this
 * machine's), every file created within a minute or so of many deletions in its block group
 * pays for a look past each recently deleted inode (the kernel's `recently_deleted`); kit's
 * run would pay for the bench's deletion of the last run's entries, which the parts never face.
 */
const freshCache = (caches) => mkdtempSync(join(caches, 'cache-'));

const SERVERS = {
  kit: (root) => [KIT, 'run', '--port', '0', '--cwd', root],
  vite: (root) => [join(REPO, 'bench', 'vite-server.js'), root, '8'],
  'vite-bundled': (root) => [join(REPO, 'bench', 'vite-server.js'), root, '8', 'bundled'],
  'vite-checker': (root) => [join(REPO, 'bench', 'vite-server.js'), root, '8', 'checker'],
  // The parts alone at kit's addresses (bench/parts-server.js): `more` is its tsconfig and specs file.
  parts: (root, more) => [join(REPO, 'bench', 'parts-server.js'), root, ...more],
};

/** Starts `kit run` (on the cache folder `cache`), Vite 8 or the parts' server; resolves when it prints its address. */
async function startServer(kind, root, cache, more = []) {
  const args = SERVERS[kind](root, more);
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, KIT_CACHE_DIR: cache, KIT_SERVICE_EXTENSIONS: '@kit-js/packages/development' }, stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`${kind} server exited ${code}`)));
  });
  return {
    url,
    startMs: performance.now() - started,
    /** The server's process tree: for kit, its own process and TypeScript 7's native process (and esbuild's, when started). */
    memory: () => {
      const processes = peakMemory(child.pid);
      return { peakMiB: processes.reduce((sum, p) => sum + p.MiB, 0), processes };
    },
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((ok) => child.once('exit', ok));
    },
  };
}

/** What a browser fetches for one module's code and stylesheet on kit: two requests. */
async function kitModule(url, specifier) {
  await Promise.all(['modules', 'styles'].map((family) => fetch(kitAddress(url, specifier, family)).then((r) => r.text())));
}

/** What a browser fetches for one module on Vite: the entry, then what it imports inside the module. */
async function viteModule(url, specifier) {
  const dir = `/packages/${parts(specifier).join('/')}/`;
  const seen = new Set();
  const visit = async (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const text = await (await fetch(new URL(path, url))).text();
    const next = [...text.matchAll(/(?:import|from)\s*["']([^"']+)["']/g)].map((m) => m[1]).filter((p) => p.startsWith(dir));
    await Promise.all(next.map(visit));
  };
  await visit(`${dir}index.ts`);
}

/**
 * Server start, then each sampled module requested once on the fresh server (kit's cache empty), by
 * bundler; then `later`, `ts` modules not requested before, on the same server: each still cold (never
 * built, nothing cached), the server's JIT warm, as the floor's is.
 */
async function coldModules(kind, root, caches, sample, bundlerOf, later, more) {
  const cache = freshCache(caches);
  const server = await startServer(kind, root, cache, more);
  const fetchModule = kind === 'vite' ? viteModule : kitModule;
  const cold = { esbuild: [], ts: [] };
  for (const specifier of sample) cold[bundlerOf(specifier)].push(await time(() => fetchModule(server.url, specifier)));
  const warmService = [];
  for (const specifier of later) warmService.push(await time(() => fetchModule(server.url, specifier)));
  await server.stop();
  return {
    startMs: server.startMs, coldModule: stats([...cold.esbuild, ...cold.ts]), coldModuleEsbuildBundler: stats(cold.esbuild), coldModuleTsBundler: stats(cold.ts),
    coldModuleTsWarmService: stats(warmService),
  };
}

/** The baseline of a cold esbuild-bundler module: one esbuild build of its entry, as kit's esbuild bundler makes it. */
const esbuildOptions = (entry, root) => ({ entryPoints: [entry], bundle: true, write: false, outdir: join(root, 'esbuild-out'), format: 'esm', sourcemap: 'inline', external: ['@bench/*'], loader: { '.svg': 'file' }, logLevel: 'silent' });
async function esbuildPerModule(root, specifiers) {
  const samples = [];
  for (const specifier of specifiers) samples.push(await time(() => esbuild.build(esbuildOptions(entryOf(root, specifier), root))));
  return stats(samples);
}

const rendered = (page) => page.waitForFunction(() => document.body.dataset.ready === 'yes', undefined, { timeout: 600_000 });
/**
 * The whole page in Chromium until the app has rendered, cold (fresh server), with the
 * requests it made and the bytes of their bodies. The page stays open for the figures after it.
 */
async function pageLoad(browser, url) {
  const page = await browser.newPage();
  page.setDefaultTimeout(600_000); // a cold page of a large workspace takes a while; measure, do not give up
  let requests = 0;
  let bytes = 0;
  const bodies = [];
  const count = (response) => {
    requests++;
    // An event stream's body never ends: counted as a request only.
    if ((response.headers()['content-type'] ?? '').startsWith('text/event-stream')) return;
    bodies.push(response.body().then((body) => (bytes += body.length), () => undefined));
  };
  page.on('response', count);
  const cold = await time(async () => {
    await page.goto(url);
    await rendered(page);
  });
  page.off('response', count);
  await Promise.all(bodies);
  return { page, cold, requests, bytes };
}

/**
 * Vite 8 with vite-plugin-checker: its peak memory once the cold page has rendered and the
 * checker has done (the peak unchanged over 1.5 s, at most a minute).
 */
async function checkerMemory(browser, root, caches) {
  const server = await startServer('vite-checker', root, freshCache(caches));
  try {
    const { page } = await pageLoad(browser, server.url);
    await page.close();
    let last = -1;
    for (let still = 0, waited = 0; still < 3 && waited < 60_000; waited += 500) {
      await sleep(500);
      const peak = server.memory().peakMiB;
      still = peak === last ? still + 1 : 0;
      last = peak;
    }
    return server.memory();
  } finally {
    await server.stop();
  }
}

/**
 * From a server's start (spawned, kit's cache empty) to its page rendered in a fresh browser
 * context: kit's, and Vite 8's bundled development mode (one rolldown pass over the whole app).
 */
async function startToPage(kind, browser, root, caches) {
  const server = await startServer(kind, root, freshCache(caches));
  try {
    const pageMs = await freshContextLoad(browser, kind === 'kit' ? `${server.url}preview/` : server.url);
    return { startMs: server.startMs, pageMs, ms: server.startMs + pageMs };
  } finally {
    await server.stop();
  }
}

/** The same page reloaded: the browser revalidates what it holds (304s) and reuses its compiled scripts. */
const reload = (page) => time(async () => {
  await page.reload();
  await rendered(page);
});

/** The page in a fresh browser context (no HTTP cache, nothing compiled), as a cold page's browser starts. */
async function freshContextLoad(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(600_000);
  const ms = await time(async () => {
    await page.goto(url);
    await rendered(page);
  });
  await context.close();
  return ms;
}

async function requestsPerSecond(url) {
  const result = await autocannon({ url, connections: 20, duration: 3 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return Math.round(result.requests.average);
}

/** Edit → applied, polled in the page every 1 ms, `edits` times. */
async function editLatency(page, root, sheet, selector, edits = 20) {
  const samples = [];
  for (let i = 1; i <= edits; i++) {
    const want = `rgb(${i}, 7, 7)`;
    const applied = page.evaluate(({ selector, want }) => new Promise((done) => {
      const look = () => (getComputedStyle(document.querySelector(selector)).color === want ? done(Date.now()) : setTimeout(look, 1));
      look();
    }), { selector, want });
    await sleep(30);
    const written = Date.now();
    writeFileSync(join(root, sheet), `@import './partial.css';\n${selector} { color: ${want}; padding: 4px; }\n`);
    samples.push((await applied) - written);
    await sleep(100);
  }
  return stats(samples);
}

/**
 * Edit of a module's helper file → its address answers 200 with the new code (for a `ts` module the
 * answer waits for TypeScript 7's verdict), `edits` times on a warm kit service, the first 2 s after
 * the last request; against esbuild's incremental `context.rebuild()` of the same entry after the
 * same edit (its first after one build). The first edit of each is reported on its own (`first`);
 * the median and p95 are of the edits after it, as the parts' edits are taken after theirs.
 */
async function rebuildAfterEdit(url, root, specifier, edits = 11) {
  const address = kitAddress(url, specifier);
  const file = join(root, 'packages', ...parts(specifier), 'helpers.ts');
  const original = readFileSync(file, 'utf8');
  const label = /label = '([^']+)'/.exec(original)[1];
  await (await fetch(address)).text();
  // A person looks at the page before the first edit: the service readies its emit while idle.
  await sleep(2000);
  const kit = [];
  for (let i = 1; i <= edits; i++) {
    const want = `${label}-edit${i}`;
    const started = performance.now();
    writeFileSync(file, original.replace(`'${label}'`, `'${want}'`));
    for (;;) {
      const response = await fetch(address);
      const text = await response.text();
      if (response.ok && text.includes(want)) break;
      if (performance.now() - started > 60_000) throw new Error(`${specifier}: the edit was not served within 60 s (last answer ${response.status})`);
      await sleep(1);
    }
    kit.push(performance.now() - started);
    await sleep(150);
  }
  const context = await esbuild.context(esbuildOptions(entryOf(root, specifier), root));
  await context.rebuild();
  const plain = [];
  for (let i = 1; i <= edits; i++) {
    writeFileSync(file, original.replace(`'${label}'`, `'${label}-esbuild${i}'`));
    plain.push(await time(() => context.rebuild()));
  }
  await context.dispose();
  writeFileSync(file, original);
  return { kit: { ...stats(kit.slice(1)), first: kit[0] }, esbuild: { ...stats(plain.slice(1)), first: plain[0] } };
}

/**
 * On a fresh server (kit's cache empty): the page cold, in a fresh browser context and reloaded, warm requests/s of a `ts` module,
 * stylesheet edits (of another module), the server's peak memory; then, restarted, the page from a fresh browser context
 * and (kit) one-file edits of a module of each bundler.
 */
async function served(kind, browser, root, caches, { one, styled, sheet, edited }) {
  const cache = freshCache(caches);
  const server = await startServer(kind, root, cache);
  const pageUrl = (s) => (kind === 'kit' ? `${s.url}preview/` : s.url);
  const { page, cold, requests, bytes } = await pageLoad(browser, pageUrl(server));
  // The peak of the page's work alone: what the parts' page is held against (the figure against Vite is read at the end).
  const memoryAfterPage = server.memory();
  // The browser's part of the cold page, on the now warm server: what the parts' page adds to their builds.
  const freshMs = await freshContextLoad(browser, pageUrl(server));
  const out = { page: { coldMs: cold, freshMs, warmMs: await reload(page), requests, bytes }, memoryAfterPage };
  out.requestsPerSecond = await requestsPerSecond(kind === 'kit' ? kitAddress(server.url, one) : `${server.url}packages/${parts(one).join('/')}/index.ts`);
  // The same bytes from h3 + listhen alone, and from bare node:http: what kit's answer costs beyond them.
  if (kind === 'kit') out.requestsFloor = await requestsFloor(Buffer.from(await (await fetch(kitAddress(server.url, one))).arrayBuffer()), join(cache, 'floor-body.js'), requestsPerSecond);
  out.styleEdit = await editLatency(page, root, sheet, `.bench-${parts(styled).join('-')}`);
  out.memory = server.memory();
  await page.close();
  await server.stop();
  const restarted = await startServer(kind, root, cache);
  out.page.restartMs = await freshContextLoad(browser, pageUrl(restarted));
  if (kind === 'kit') {
    out.rebuild = {};
    for (const [bundler, specifier] of Object.entries(edited)) out.rebuild[bundler] = await rebuildAfterEdit(restarted.url, root, specifier);
  }
  await restarted.stop();
  return out;
}

/** `kit build` or `kit check` of the workspace, on the cache folder `cache`. */
const kitCommand = (command, root, cache, more = []) => time(() => new Promise((ok, fail) => {
  spawn(process.execPath, [KIT, command, '--cwd', root, ...more], { env: { ...process.env, KIT_CACHE_DIR: cache }, stdio: 'ignore' }).once('exit', (code) => (code === 0 ? ok() : fail(new Error(`kit ${command} exited ${code}`))));
}));

/** One esbuild call bundling every module's entry for production. */
const esbuildAll = (root, entries) => time(() => esbuild.build({ entryPoints: entries, bundle: true, write: false, outdir: join(root, 'esbuild-out'), format: 'esm', minify: true, external: ['@bench/*'], loader: { '.svg': 'file' }, logLevel: 'silent' }));

/**
 * The floor of `kit build` and `kit check`: TypeScript 7's `tsc --noEmit` over the entries kit
 * type-checks (the `ts`-bundler modules; bare specifiers mapped to their sources, kit's ambient
 * types included), plus one esbuild call bundling every module's entry.
 */
async function floor(root, specifiers, tsconfig) {
  const tscMs = await time(() => new Promise((ok, fail) => {
    spawn(process.execPath, [TSC7, '--noEmit', '-p', tsconfig], { stdio: 'ignore' }).once('exit', (code) => (code === 0 ? ok() : fail(new Error(`tsc (TypeScript 7) exited ${code}`))));
  }));
  const esbuildMs = await esbuildAll(root, [...specifiers, '@bench/app/main'].map((s) => entryOf(root, s)));
  return { tscMs, esbuildMs, ms: tscMs + esbuildMs };
}

/**
 * In rounds: `kit build` with the cache empty (in the first round, then again with it warm), `kit
 * check` with it empty, their floor, and the parts doing the build's and the page's work
 * (bench/floor-build.js); then `kit build` of a second workspace of the same size and shape with every
 * package on the esbuild bundler, against one esbuild call over its entries. Every build writes
 * into a new folder, as the parts' do, and nothing is removed until the suite ends: no run pays
 * for another's deletions (see `freshCache`).
 */
async function builds(root, caches, { packages, modules, shape, specifiers }, parts) {
  const runs = { kit: [], check: [], floor: [], partsBuild: [], partsPage: [] };
  let kitAgainMs;
  for (let round = 0; round < ROUNDS; round++) {
    const cache = freshCache(caches);
    runs.kit.push(await kitCommand('build', root, cache, ['--out', `dist-${round}`]));
    if (round === 0) kitAgainMs = await kitCommand('build', root, cache, ['--out', 'dist-again']);
    runs.check.push(await kitCommand('check', root, freshCache(caches)));
    runs.floor.push(await floor(root, specifiers, parts.tsconfig));
    runs.partsBuild.push(await buildFloor(root, parts.specs, parts.tsconfig));
    runs.partsPage.push(await buildFloor(root, parts.specs, parts.tsconfig, true));
  }
  const allEsbuild = mkdtempSync(join(tmpdir(), `kit-suite-esbuild-${packages}x${modules}-${shape}-`));
  const generated = generateWorkspace(allEsbuild, { packages, modules, shape, bundlers: 'esbuild' });
  const allEsbuildKitMs = await kitCommand('build', allEsbuild, freshCache(caches));
  const allEsbuildMs = await esbuildAll(allEsbuild, [...generated.specifiers, '@bench/app/main'].map((s) => entryOf(allEsbuild, s)));
  rmSync(allEsbuild, { recursive: true, force: true });
  return {
    modules: specifiers.length + 1, kitMs: medianRun(runs.kit), kitAgainMs, checkMs: medianRun(runs.check), floor: medianRun(runs.floor, (f) => f.ms),
    allEsbuild: { kitMs: allEsbuildKitMs, esbuildMs: allEsbuildMs, modules: generated.specifiers.length + 1 },
    parts: { build: medianRun(runs.partsBuild, (f) => f.ms), page: medianRun(runs.partsPage, (f) => f.ms) },
  };
}

/** What the parts are given: the tsconfig TypeScript 7 checks with (every file of every `ts` module) and each module's bundler. */
function partsInputs(root, specifiers, bundlerOf) {
  const ts = specifiers.filter((s) => bundlerOf(s) === 'ts').map((s) => entryOf(root, s));
  const specs = specifiers.map((s) => [s, bundlerOf(s)]);
  const specsFile = join(root, 'parts-specs.json');
  writeFileSync(specsFile, JSON.stringify(specs));
  return { ts, specs, specsFile, tsconfig: floorTsconfig(root, entriesOf(root, specifiers), ts) };
}

/** What the parts of the `ts` bundler cost alone in process (bench/floors.js), on the same modules as the figures they bound. */
async function partsAlone(root, { sample, bundlerOf, edited }, parts) {
  // Every file of a `ts` module is checked, as kit (and `tsc`) checks it: its entry and its helpers.
  const filesOf = (entry) => [entry, join(dirname(entry), 'helpers.ts')];
  const checker = new NativeChecker(root);
  try {
    await checker.open(parts.tsconfig);
    const editedFiles = filesOf(entryOf(root, edited));
    await checker.check(parts.tsconfig, editedFiles);
    const recheck = (file) => {
      checker.changed({ changed: [file] });
      return checker.check(parts.tsconfig, editedFiles);
    };
    return await emitFloor(sample.filter((s) => bundlerOf(s) === 'ts').map((s) => entryOf(root, s)), entryOf(root, edited), stats, recheck);
  } finally {
    await checker.close();
  }
}

/** The whole comparison on a fresh N × M workspace of `shape` (bench/generate.js). */
export async function benchSuite({ packages, modules, shape = DEFAULT_SHAPE }) {
  const root = mkdtempSync(join(tmpdir(), `kit-suite-${packages}x${modules}-${shape}-`));
  const caches = mkdtempSync(join(tmpdir(), 'kit-suite-caches-'));
  const { specifiers, sheets, bundlerOf } = generateWorkspace(root, { packages, modules, shape });
  // 25 modules of each bundler, spread evenly over the workspace.
  const spread = (list, n) => list.filter((_, i) => i % Math.max(1, Math.floor(list.length / n)) === 0).slice(0, n);
  const sample = ['esbuild', 'ts'].flatMap((bundler) => spread(specifiers.filter((s) => bundlerOf(s) === bundler), 25));
  // 25 other `ts` modules, asked for after the sample on the same server (cold modules, warm JIT).
  const later = spread(specifiers.filter((s) => bundlerOf(s) === 'ts' && !sample.includes(s)), 25);
  // The `ts` module of the requests/s figure, the module whose stylesheet is edited, the modules edited (one of each bundler).
  const one = specifiers.find((s) => bundlerOf(s) === 'ts') ?? specifiers[0];
  const styled = specifiers[1] ?? specifiers[0];
  const edited = Object.fromEntries(['esbuild', 'ts'].map((b) => [b, specifiers.find((s) => bundlerOf(s) === b && s.endsWith('/m2'))]).filter(([, s]) => s));
  // And a `ts` module others rest on, whose files every later `ts` module on its chain reads for
  // its verdict (kit judges them again after its edit; their code is the same): in the `packages`
  // shape each package's m0 imports the one before, so the m0 of the first `ts` package; in the
  // `chain` shape every module imports the one before (`specifiers` is in chain order), so the
  // first `ts` module of the chain.
  const base = specifiers.find((s) => bundlerOf(s) === 'ts' && (shape === 'chain' || s.endsWith('/m0')));
  if (base) edited.tsBase = base;
  const out = { packages, modules, shape, viteVersion: VITE_VERSION, kit: {}, vite: {} };
  const parts = partsInputs(root, specifiers, bundlerOf);
  try {
    // Cold modules, kit's and the parts' over HTTP (bench/parts-server.js) in rounds; Vite's once.
    const cold = { kit: [], parts: [] };
    for (let round = 0; round < ROUNDS; round++) {
      cold.kit.push(await coldModules('kit', root, caches, sample, bundlerOf, later));
      cold.parts.push(await coldModules('parts', root, caches, sample, bundlerOf, later, [parts.tsconfig, parts.specsFile]));
    }
    Object.assign(out.kit, medianFigures(cold.kit));
    Object.assign(out.vite, await coldModules('vite', root, caches, sample, bundlerOf, later));
    out.esbuild = { perModule: await esbuildPerModule(root, sample.filter((s) => bundlerOf(s) === 'esbuild')) };
    const browser = await chromium.launch({ executablePath: process.env.KIT_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
    try {
      for (const kind of ['kit', 'vite']) Object.assign(out[kind], await served(kind, browser, root, caches, { one, styled, sheet: sheets[specifiers.indexOf(styled)], edited }));
      out.startToPage = { kit: await startToPage('kit', browser, root, caches), viteBundled: await startToPage('vite-bundled', browser, root, caches) };
      out.viteChecker = { memory: await checkerMemory(browser, root, caches) };
    } finally {
      await browser.close();
    }
    const { parts: partsRuns, ...build } = await builds(root, caches, { packages, modules, shape, specifiers }, parts);
    out.build = build;
    const emit = await partsAlone(root, { sample, bundlerOf, edited: edited.ts ?? one }, parts);
    // Kit's peak is its page's (the figure is read after it): the parts' peak doing that page's work.
    const memory = { peakMiB: partsRuns.page.memory.reduce((sum, p) => sum + p.MiB, 0), processes: partsRuns.page.memory };
    out.floors = { emit, served: medianFigures(cold.parts), memory, build: partsRuns.build, page: partsRuns.page, tsModules: parts.ts.length, esbuildModules: specifiers.length - parts.ts.length };
  } finally {
    rmSync(parts.tsconfig, { force: true });
    rmSync(root, { recursive: true, force: true });
    rmSync(caches, { recursive: true, force: true });
  }
  return out;
}
