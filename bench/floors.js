// What the parts kit's `ts` bundler is built on cost by themselves, measured in the suite's run:
// the least that any design on these parts could reach, held against the same goals.
//   emit:     rolldown bundling a module whose files @swc/core transforms (transformSync, one file at
//             a time, as kit's ts bundler does), and rolldown alone on files already stripped of types
//   edit:     the same after an edit of one file, bundled again, while
//             TypeScript 7 checks the edited module's files again (a `ts` answer waits for it)
//   build:    a fresh process doing `kit build`'s work with the parts alone (bench/floor-build.js);
//             with `development`, the work of a page: every module in the form the page asks for
//   memory:   the peak of that page's work: the process, TypeScript 7's and esbuild's
//   requests: h3 + listhen, and bare node:http, sending the same bytes (bench/bytes-server.js)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const REPO = resolve(import.meta.dirname, '..');
const require = createRequire(join(REPO, 'package.json'));
// kit's own copies (bench/node_modules holds Vite's).
const [swc, { rolldown }, esbuild] = ['@swc/core', 'rolldown', 'esbuild'].map((name) => require(name));

/** The tsconfig the floors check with: the workspace's, each module's specifier mapped to its source, kit's ambient types. */
export function floorTsconfig(root, entries, checked) {
  const file = join(root, 'tsconfig.floor.json');
  writeFileSync(file, JSON.stringify({
    extends: './tsconfig.json',
    compilerOptions: { moduleDetection: 'force', paths: Object.fromEntries(Object.entries(entries).map(([s, entry]) => [s, [entry]])) },
    files: [...checked, join(REPO, 'types', 'kit-env.d.ts')],
    include: [],
  }));
  return file;
}

/** Bare imports stay bare, stylesheets are empty, assets are URLs; relative imports find their `.ts`. */
export const workspaceFiles = {
  name: 'workspace-files',
  resolveId(source, importer) {
    if (!importer) return null;
    if (!source.startsWith('.')) return { id: source, external: true };
    if (/\.(css|svg)$/.test(source)) return `\0${source}`;
    const base = join(dirname(importer), source.replace(/\.js$/, ''));
    return [`${base}.ts`, `${base}.tsx`, base].find(existsSync) ?? null;
  },
  load: (id) => (id.endsWith('.css') ? { code: '', moduleType: 'js' } : id.endsWith('.svg') ? { code: 'export default "icon.svg";', moduleType: 'js' } : null),
};

export const transpiled = {
  name: 'swc-transform',
  transform(code, id) {
    if (!/\.tsx?$/.test(id)) return null;
    const out = swc.transformSync(code, { filename: id, sourceMaps: true, isModule: true, swcrc: false, jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: id.endsWith('x'), decorators: true }, transform: { decoratorVersion: '2023-11' } } });
    // JavaScript now: rolldown does not transform it again.
    return { code: out.code, map: out.map, moduleType: 'js' };
  },
};

/** Files read through esbuild's type stripping beforehand, so that only rolldown's own work is timed. */
async function stripped(entries) {
  const files = new Map();
  const visit = async (file) => {
    if (files.has(file) || !existsSync(file)) return;
    const source = readFileSync(file, 'utf8');
    const out = await esbuild.transform(source, { loader: 'ts', format: 'esm', sourcemap: 'external', sourcefile: file });
    files.set(file, { code: out.code, map: out.map });
    for (const [, spec] of source.matchAll(/from\s*'(\.[^']+)'/g)) await visit(`${join(dirname(file), spec.replace(/\.js$/, ''))}.ts`);
  };
  for (const entry of entries) await visit(entry);
  return { name: 'stripped', load: (id) => (files.has(id) ? { ...files.get(id), moduleType: 'js' } : null) };
}

async function bundle(input, plugins) {
  const build = await rolldown({ input, plugins, platform: 'neutral', onLog() {} });
  await build.generate({ format: 'es', sourcemap: 'inline', codeSplitting: false });
  await build.close();
}

const timed = async (fn) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

/**
 * Per module, each entry of `entries` bundled twice in one process: the second pass is timed, so
 * JIT warm-up, which a service pays too, is left out. Then `edits` edits of `edited`'s helper file,
 * bundled again, alone (`editBundle`) and beside `recheck(helper)`, TypeScript 7's
 * check of the edited module (`edit`): the answer to an edit waits for both.
 */
export async function emitFloor(entries, edited, stats, recheck, edits = 10) {
  const strip = await stripped(entries);
  const passes = async (plugins) => {
    const times = [];
    for (const pass of [0, 1]) for (const entry of entries) {
      const ms = await timed(() => bundle(entry, plugins));
      if (pass) times.push(ms);
    }
    return stats(times);
  };
  const bundlerAlone = await passes([workspaceFiles, strip]);
  const withTransform = await passes([workspaceFiles, transpiled]);
  const helper = join(dirname(edited), 'helpers.ts');
  const original = readFileSync(helper, 'utf8');
  const times = [];
  const bundleTimes = [];
  try {
    await bundle(edited, [workspaceFiles, transpiled]);
    // The first few edits warm the path up, as a service's earlier edits do.
    for (let i = 0; i < edits + 3; i++) {
      writeFileSync(helper, `${original}\nexport const floorEdit${i} = ${i};\n`);
      let bundleMs = 0;
      const ms = await timed(() => Promise.all([timed(() => bundle(edited, [workspaceFiles, transpiled])).then((t) => (bundleMs = t)), recheck(helper)]));
      if (i >= 3) times.push(ms), bundleTimes.push(bundleMs);
    }
  } finally {
    writeFileSync(helper, original);
  }
  return { bundlerAlone, withTransform, edit: stats(times), editBundle: stats(bundleTimes) };
}

/** `kit build`'s work (or, `development`, a page's) done by the parts alone in a fresh process: spawn to exit, ms. */
export async function buildFloor(root, specs, tsconfig, development = false) {
  const specsFile = join(root, 'floor-specs.json');
  // A new folder each run, left for the suite to remove with the workspace (see `freshCache` in bench/suite.js).
  const outDir = mkdtempSync(join(root, 'floor-out-'));
  writeFileSync(specsFile, JSON.stringify(specs));
  const started = performance.now();
  const line = await new Promise((ok, fail) => {
    const child = spawn(process.execPath, [join(REPO, 'bench', 'floor-build.js'), root, outDir, tsconfig, specsFile, ...(development ? ['development'] : [])], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? ok(out.trim()) : fail(new Error(`floor-build.js exited ${code}`))));
  });
  const ms = performance.now() - started;
  rmSync(specsFile);
  const inside = JSON.parse(line);
  return { ...inside, insideMs: inside.ms, ms };
}

/** Runs `node <script> ...args` and resolves with the first line it prints, the process still running. */
async function startChild(script, args) {
  const child = spawn(process.execPath, [join(REPO, 'bench', script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`${script} exited ${code}`)));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((ok) => child.once('exit', ok));
  };
  return { line, stop };
}

/** Requests/s of h3 + listhen, and of bare node:http, sending `body` (as autocannon measures the services). */
export async function requestsFloor(body, bodyFile, measure) {
  writeFileSync(bodyFile, body);
  const out = {};
  for (const kind of ['h3', 'node']) {
    const server = await startChild('bytes-server.js', [kind, bodyFile]);
    try {
      out[kind] = await measure(server.line);
    } finally {
      await server.stop();
    }
  }
  return out;
}
