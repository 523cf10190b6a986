// kit against Vite 7 and raw esbuild on a generated workspace, every figure from one run.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { generateWorkspace } from './generate.js';

const REPO = resolve(import.meta.dirname, '..');
const DEV = 'target=browser&format=esm&env=development&min=false&sourcemap=inline&types=false&css=false';
const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
};
const stats = (xs) => ({ p50: quantile(xs, 0.5), p95: quantile(xs, 0.95) });
const time = async (fn) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

/** Starts a server process; resolves when it prints its address. */
async function startServer(kind, root) {
  const args = kind === 'kit' ? [join(REPO, 'bin', 'kit.js'), 'run', '--port', '0', '--cwd', root] : [join(REPO, 'bench', 'vite-server.js'), root];
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, KIT_SERVICE_EXTENSIONS: '@kit-js/packages/development' }, stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`${kind} server exited ${code}`)));
  });
  return {
    url,
    startMs: performance.now() - started,
    /** Peak resident memory of the server process, MiB. */
    peakMiB: () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024,
    stop: () => child.kill('SIGTERM'),
  };
}

/** What a browser fetches for one module's code and stylesheet on kit: two requests. */
async function kitModule(url, specifier) {
  const [, scope, pkg, subpath] = /^@([^/]+)\/([^/]+)\/(.+)$/.exec(specifier);
  const base = `${url}m/@${scope}/${pkg}@1.0.0`;
  await Promise.all([fetch(`${base}/modules/${subpath}?${DEV}`).then((r) => r.text()), fetch(`${base}/styles/${subpath}?${DEV}`).then((r) => r.text())]);
}

/** What a browser fetches for one module on Vite: the entry, then what it imports inside the module. */
async function viteModule(url, specifier) {
  const [, , pkg, subpath] = /^@([^/]+)\/([^/]+)\/(.+)$/.exec(specifier);
  const dir = `/packages/${pkg}/${subpath}/`;
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

async function pageLoad(browser, url) {
  const page = await browser.newPage();
  page.setDefaultTimeout(600_000); // a cold page of a large workspace takes a while; measure, do not give up
  const cold = await time(async () => {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'yes', undefined, { timeout: 600_000 });
  });
  const warm = await time(async () => {
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.ready === 'yes', undefined, { timeout: 600_000 });
  });
  return { page, cold, warm };
}

async function requestsPerSecond(url) {
  const result = await autocannon({ url, connections: 20, duration: 3 });
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
    await new Promise((r) => setTimeout(r, 30));
    const written = Date.now();
    writeFileSync(join(root, sheet), `@import './partial.css';\n${selector} { color: ${want}; padding: 4px; }\n`);
    samples.push((await applied) - written);
    await new Promise((r) => setTimeout(r, 100));
  }
  return stats(samples);
}

/** One esbuild build of a module's entry, as kit's esbuild bundler would make it: the baseline of a cold module. */
const esbuildOptions = (entry, root) => ({ entryPoints: [entry], bundle: true, write: false, outdir: join(root, 'esbuild-out'), format: 'esm', sourcemap: 'inline', external: ['@bench/*'], loader: { '.svg': 'file' }, logLevel: 'silent' });
const entryOf = (root, specifier) => join(root, 'packages', specifier.split('/')[1], specifier.split('/')[2], 'index.ts');

/** Edit → a response with the new code, `edits` times, on a warm kit service; against esbuild's incremental rebuild of the same entry. */
async function rebuildAfterEdit(url, root, specifier, edits = 5) {
  const [, , pkg, subpath] = /^@([^/]+)\/([^/]+)\/(.+)$/.exec(specifier);
  const address = `${url}m/@bench/${pkg}@1.0.0/modules/${subpath}?${DEV}`;
  const file = join(root, 'packages', pkg, subpath, 'helpers.ts');
  const original = readFileSync(file, 'utf8');
  const label = /label = '([^']+)'/.exec(original)[1];
  await (await fetch(address)).text();
  const kit = [];
  for (let i = 1; i <= edits; i++) {
    const want = `${label}-edit${i}`;
    const started = performance.now();
    writeFileSync(file, original.replace(`'${label}'`, `'${want}'`));
    for (;;) {
      const text = await (await fetch(address)).text();
      if (text.includes(want)) break;
      await new Promise((r) => setTimeout(r, 1));
    }
    kit.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 150));
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
  return { kit: stats(kit), esbuild: stats(plain) };
}

const spawnKitBuild = (root) => time(() => new Promise((ok, fail) => {
  spawn(process.execPath, [join(REPO, 'bin', 'kit.js'), 'build', '--cwd', root], { stdio: 'ignore' }).once('exit', (code) => (code === 0 ? ok() : fail(new Error(`kit build exited ${code}`))));
}));
const clearDiskCache = (root) => rmSync(join(root, 'node_modules', '.cache', 'kit'), { recursive: true, force: true });

/** The whole comparison on a fresh N × M workspace. */
export async function benchSuite({ packages, modules }) {
  const root = mkdtempSync(join(tmpdir(), `kit-suite-${packages}x${modules}-`));
  const { specifiers, sheets, bundlerOf } = generateWorkspace(root, { packages, modules });
  // 25 modules of each bundler, spread evenly over the workspace.
  const spread = (list, n) => list.filter((_, i) => i % Math.max(1, Math.floor(list.length / n)) === 0).slice(0, n);
  const sample = ['esbuild', 'ts'].flatMap((bundler) => spread(specifiers.filter((s) => bundlerOf(s) === bundler), 25));
  const out = { packages, modules };

  // Start, then cold modules, on servers that have built nothing yet.
  for (const kind of ['kit', 'vite']) {
    const server = await startServer(kind, root);
    const fetchModule = kind === 'kit' ? kitModule : viteModule;
    const cold = { esbuild: [], ts: [] };
    for (const specifier of sample) cold[bundlerOf(specifier)].push(await time(() => fetchModule(server.url, specifier)));
    out[kind] = { startMs: server.startMs, coldModule: stats([...cold.esbuild, ...cold.ts]), coldModuleEsbuildBundler: stats(cold.esbuild), coldModuleTsBundler: stats(cold.ts) };
    server.stop();
  }
  const plain = [];
  for (const specifier of sample.filter((s) => bundlerOf(s) === 'esbuild')) plain.push(await time(() => esbuild.build(esbuildOptions(entryOf(root, specifier), root))));
  out.esbuild = { perModule: stats(plain) };

  // The page, warm requests, stylesheet edits, rebuilds and memory, on a second pair of fresh servers
  // (kit's disk cache emptied first); then a restarted server loads the page in a fresh browser context.
  clearDiskCache(root);
  const browser = await chromium.launch({ executablePath: process.env.KIT_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    for (const kind of ['kit', 'vite']) {
      const server = await startServer(kind, root);
      const pageUrl = (s) => (kind === 'kit' ? `${s.url}preview/` : s.url);
      const { page, cold, warm } = await pageLoad(browser, pageUrl(server));
      out[kind].page = { coldMs: cold, warmMs: warm };
      const one = specifiers[1] ?? specifiers[0];
      const [, , pkg, subpath] = /^@([^/]+)\/([^/]+)\/(.+)$/.exec(one);
      out[kind].requestsPerSecond = await requestsPerSecond(kind === 'kit' ? `${server.url}m/@bench/${pkg}@1.0.0/modules/${subpath}?${DEV}` : `${server.url}packages/${pkg}/${subpath}/index.ts`);
      out[kind].styleEdit = await editLatency(page, root, sheets[1] ?? sheets[0], `.bench-${pkg}-${subpath}`);
      out[kind].peakMiB = server.peakMiB();
      await page.close();
      server.stop();
      await new Promise((r) => setTimeout(r, 300));
      const restarted = await startServer(kind, root);
      const context = await browser.newContext();
      const fresh = await context.newPage();
      fresh.setDefaultTimeout(600_000);
      out[kind].page.restartMs = await time(async () => {
        await fresh.goto(pageUrl(restarted));
        await fresh.waitForFunction(() => document.body.dataset.ready === 'yes', undefined, { timeout: 600_000 });
      });
      await context.close();
      // One-file edits, on the restarted (now warm) service: nothing was edited between the two runs.
      if (kind === 'kit') {
        out.kit.rebuild = {};
        for (const bundler of ['esbuild', 'ts']) {
          const specifier = specifiers.find((s) => bundlerOf(s) === bundler && s.endsWith('/m2'));
          if (specifier) out.kit.rebuild[bundler] = await rebuildAfterEdit(restarted.url, root, specifier);
        }
      }
      restarted.stop();
    }
  } finally {
    await browser.close();
  }

  // kit build against one esbuild call over the same entries: the mixed workspace (cold, then
  // again with the disk cache warm), and one with every package on the esbuild bundler.
  clearDiskCache(root);
  const kitBuild = await spawnKitBuild(root);
  const kitBuildAgain = await spawnKitBuild(root);
  const esbuildEntries = specifiers.filter((s) => bundlerOf(s) === 'esbuild').map((s) => entryOf(root, s));
  const esbuildAll = await time(() => esbuild.build({ entryPoints: esbuildEntries, bundle: true, write: false, outdir: join(root, 'esbuild-out'), format: 'esm', minify: true, external: ['@bench/*'], loader: { '.svg': 'file' }, logLevel: 'silent' }));
  const allEsbuild = mkdtempSync(join(tmpdir(), `kit-suite-esbuild-${packages}x${modules}-`));
  const generated = generateWorkspace(allEsbuild, { packages, modules, bundlers: 'esbuild' });
  const kitBuildEsbuild = await spawnKitBuild(allEsbuild);
  const esbuildEvery = await time(() => esbuild.build({ entryPoints: generated.specifiers.map((s) => entryOf(allEsbuild, s)), bundle: true, write: false, outdir: join(allEsbuild, 'esbuild-out'), format: 'esm', minify: true, external: ['@bench/*'], loader: { '.svg': 'file' }, logLevel: 'silent' }));
  out.build = {
    kitMs: kitBuild, kitAgainMs: kitBuildAgain, esbuildAllEntriesMs: esbuildAll, esbuildEntries: esbuildEntries.length, modules: specifiers.length + 1,
    allEsbuild: { kitMs: kitBuildEsbuild, esbuildMs: esbuildEvery, modules: generated.specifiers.length + 1 },
  };
  rmSync(root, { recursive: true, force: true });
  rmSync(allEsbuild, { recursive: true, force: true });
  return out;
}
