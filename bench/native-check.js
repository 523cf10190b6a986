// node bench/native-check.js [--packages 20] [--modules 5] [--shape packages|chain] [--runs 3] (after npm run build)
// Type-checking the bench workspace (bench/generate.js) with TypeScript 7 through kit's
// NativeChecker, against TypeScript 5.9 in this process (ts.createProgram + getSemanticDiagnostics).
// Both check the same tsconfig: the workspace's, extended as kit extends it (`paths` mapping each
// module's specifier to its source, kit's ambient types, every module entry a root).
// Figures are medians of --runs fresh starts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SHAPE, generateWorkspace, shapeSaid } from './generate.js';
import { NativeChecker } from '../lib/compiler/check/native-checker.js';

const REPO = resolve(import.meta.dirname, '..');
const KIT_TYPES = join(REPO, 'types', 'kit-env.d.ts');
const { values } = parseArgs({ options: { packages: { type: 'string', default: '20' }, modules: { type: 'string', default: '5' }, shape: { type: 'string', default: DEFAULT_SHAPE }, runs: { type: 'string', default: '3' } } });
const [packages, modules, runs, shape] = [Number(values.packages), Number(values.modules), Number(values.runs), values.shape];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;
const mb = (x) => `${(x / 1024 / 1024).toFixed(0)} MB`;
const timed = async (fn) => {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
};

const root = mkdtempSync(join(tmpdir(), 'kit-native-check-'));
const { specifiers } = generateWorkspace(root, { packages, modules, shape });
const entryOf = (specifier) => {
  const [, p, m] = /^@bench\/(p\d+)\/(m\d+)$/.exec(specifier);
  return join(root, 'packages', p, m, 'index.ts');
};
const entries = specifiers.map(entryOf);
const config = join(root, 'tsconfig.check.json');
writeFileSync(
  config,
  JSON.stringify({
    extends: join(root, 'tsconfig.json'),
    compilerOptions: { moduleDetection: 'force', paths: Object.fromEntries(specifiers.map((s) => [s, [entryOf(s)]])) },
    files: [...entries, KIT_TYPES],
    include: [],
  }),
);
// The file edited: the chain's first module, which every package's m0 (in the `chain` shape, every
// module) imports in turn; its importer: p01/m0 (in the `chain` shape, p00/m1).
const edited = entries[0];
const importer = entries[shape === 'chain' ? 1 : modules];
const original = readFileSync(edited, 'utf8');
const edit = (n) => writeFileSync(edited, original.replace(/^export const value: number = .*$/m, `export const value: number = ${1000 + n};`));
const restore = () => writeFileSync(edited, original);
const count = (map) => [...map.values()].reduce((sum, list) => sum + list.length, 0);

async function native() {
  const checker = new NativeChecker(root);
  try {
    const [open] = await timed(() => checker.open(config));
    const [cold, all] = await timed(() => checker.check(config, entries));
    const rss = checker.rss();
    edit(1);
    checker.changed({ changed: [edited] });
    const [afterEdit] = await timed(() => checker.check(config, [edited]));
    // The importer of the edited module: what the edit affects beyond its own file.
    edit(2);
    checker.changed({ changed: [edited] });
    const [dependent] = await timed(() => checker.check(config, [importer]));
    return { open, cold, afterEdit, dependent, rss, diagnostics: count(all) };
  } finally {
    restore();
    await checker.close();
  }
}

async function classic() {
  const ts = createRequire(import.meta.url)('typescript');
  const heapBefore = process.memoryUsage().heapUsed;
  const [open, program] = await timed(() => {
    const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    const host = ts.createCompilerHost(parsed.options);
    return { program: ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host }), parsed, host };
  });
  const [cold, diagnostics] = await timed(() => entries.flatMap((file) => [...program.program.getSyntacticDiagnostics(program.program.getSourceFile(file)), ...program.program.getSemanticDiagnostics(program.program.getSourceFile(file))]));
  const heap = process.memoryUsage().heapUsed - heapBefore;
  edit(1);
  // What a watch program does after an edit: a new program reusing the old one's unchanged files, its checker fresh.
  const [afterEdit] = await timed(() => {
    const next = ts.createProgram({ rootNames: program.parsed.fileNames, options: program.parsed.options, host: program.host, oldProgram: program.program });
    return next.getSemanticDiagnostics(next.getSourceFile(edited));
  });
  restore();
  return { open, cold, afterEdit, heap, diagnostics: diagnostics.length };
}

try {
  const results = { native: [], classic: [] };
  for (let run = 0; run < runs; run++) results.native.push(await native());
  for (let run = 0; run < runs; run++) results.classic.push(await classic());
  const pick = (list, key) => median(list.map((r) => r[key]));
  const rows = [
    ['', 'TypeScript 7 (native, NativeChecker)', 'TypeScript 5.9 (in process)'],
    ['open the project', ms(pick(results.native, 'open')), ms(pick(results.classic, 'open')) + ' (createProgram: parse + resolve)'],
    [`diagnostics of ${entries.length} entries, cold`, ms(pick(results.native, 'cold')), ms(pick(results.classic, 'cold'))],
    ['one file after an edit', ms(pick(results.native, 'afterEdit')), ms(pick(results.classic, 'afterEdit')) + ' (new program + its check)'],
    ["the edited module's importer", ms(pick(results.native, 'dependent')), ''],
    ['memory', `${mb(pick(results.native, 'rss'))} RSS of the native process`, `${mb(pick(results.classic, 'heap'))} more JS heap in kit's process`],
    ['diagnostics found', String(pick(results.native, 'diagnostics')), String(pick(results.classic, 'diagnostics'))],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log(`Bench workspace: ${packages} packages × ${modules} modules, shape ${shape} (${shapeSaid(shape)}; ${entries.length} modules, ${entries.length * 2} files); median of ${runs} runs\n`);
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  |  '));
} finally {
  rmSync(root, { recursive: true, force: true });
}
