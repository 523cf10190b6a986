import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { SourceMapConsumer } from 'source-map-js';
import type TypeScript from 'typescript';
import { afterAll, describe, expect, test } from 'vitest';
import { closeCheckers } from '../../lib/compiler/check/check-module.js';
import { Compiler, DEVELOPMENT, findModule, loadWorkspace, PRODUCTION } from '../../lib/compiler/index.js';
import { pkg, REPO, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

// TypeScript 5.9, a development dependency kept for these comparisons: its `tsc` emit is the reference.
const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
const IDIOMS = join(REPO, 'test', 'samples', 'idioms');
const CASES = readdirSync(IDIOMS);
const BUNDLERS = ['ts', 'esbuild'] as const;
type Bundler = (typeof BUNDLERS)[number];
/** Where the esbuild bundler builds otherwise than tsc, and the warning kit gives instead of a silent difference. */
const ESBUILD_DIFFERS: Record<string, string> = { 'decorators-legacy': 'ESBUILD_NO_DECORATOR_METADATA' };

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

/** A workspace around one fixture: its tsconfig at the root, its files as the module `@idioms/lib/<name>` built by `bundler`. */
function workspaceOf(name: string, bundler: Bundler): { root: string; moduleDir: string; entry: string } {
  const source = join(IDIOMS, name);
  const extra = existsSync(join(source, '_package.json')) ? JSON.parse(readFileSync(join(source, '_package.json'), 'utf8')) : {};
  const entry = existsSync(join(source, 'index.tsx')) ? 'index.tsx' : 'index.ts';
  const tsconfig = JSON.parse(readFileSync(join(source, 'tsconfig.json'), 'utf8'));
  const root = writeWorkspace({
    'kit.json': { packages: ['packages/lib'] },
    'tsconfig.json': { ...tsconfig, compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true, noEmit: true, ...tsconfig.compilerOptions }, include: ['packages'] },
    'packages/lib/package.json': pkg('@idioms/lib', { type: 'module', kit: { modules: '.', bundler }, ...extra }),
    [`packages/lib/${name}/module.json`]: { platforms: ['node', 'web'], entry },
  });
  const moduleDir = join(root, 'packages', 'lib', name);
  cpSync(source, moduleDir, { recursive: true, filter: (path) => !/[/\\](tsconfig|_package)\.json$|_node_modules/.test(path) });
  if (existsSync(join(source, '_node_modules'))) cpSync(join(source, '_node_modules'), join(root, 'node_modules'), { recursive: true });
  return { root, moduleDir, entry: join(moduleDir, entry) };
}

/**
 * `tsc`'s JavaScript for the fixture (its own options, ES modules), run as it is. Only a
 * fixture importing JSON is linked into one file first (by rolldown, which Node's JSON modules
 * need: they have no named exports): linking renames nothing that the other fixtures look at.
 */
async function tscOutput(root: string, moduleDir: string): Promise<string> {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root);
  const outDir = join(root, 'tsc-out');
  const roots = readdirSync(moduleDir).filter((f) => /\.tsx?$/.test(f)).map((f) => join(moduleDir, f));
  const program = ts.createProgram(roots, { ...options, noEmit: false, outDir, rootDir: moduleDir, declaration: false, sourceMap: false });
  const emitted = program.emit();
  expect(emitted.emitSkipped).toBe(false);
  const data = readdirSync(moduleDir).filter((f) => f.endsWith('.json') && f !== 'module.json');
  if (!data.length) return join(outDir, 'index.js');
  for (const file of data) cpSync(join(moduleDir, file), join(outDir, file));
  const bundle = await rolldown({ input: join(outDir, 'index.js'), external: (id) => !id.startsWith('.') && !id.startsWith('/'), onLog() {} });
  const { output } = await bundle.generate({ format: 'es', codeSplitting: false });
  writeFileSync(join(outDir, 'linked.mjs'), output[0].code);
  return join(outDir, 'linked.mjs');
}

/** Runs an ES module from a file in the workspace (where its bare imports resolve) and returns its `result`. */
async function run(file: string): Promise<unknown> {
  return (await import(pathToFileURL(file).href)).result;
}

/** Writes kit's code beside the workspace's packages and runs it. */
function runKit(root: string, form: string, code: string): Promise<unknown> {
  const file = join(root, `kit-${form}.mjs`);
  writeFileSync(file, code);
  return run(file);
}

/** Syntax the ES2017 target must not leave: `?.`, `??`, class fields. */
function newerSyntax(code: string): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; operator?: string };
    if (n.type === 'ChainExpression') found.add('?.');
    if (n.type === 'LogicalExpression' && n.operator === '??') found.add('??');
    if (n.type === 'PropertyDefinition') found.add('class field');
    for (const value of Object.values(node)) Array.isArray(value) ? value.forEach(visit) : visit(value);
  };
  visit(parseAst(code));
  return [...found];
}

const inlineMap = (code: string) => JSON.parse(Buffer.from(/sourceMappingURL=data:application\/json;base64,(.+)\s*$/.exec(code)![1], 'base64').toString());

describe.each(CASES.flatMap((name) => BUNDLERS.map((bundler) => [name, bundler] as const)))('%s, bundler %s: kit runs as tsc compiles it', (name, bundler) => {
  const fixture = workspaceOf(name, bundler);
  const workspace = loadWorkspace(fixture.root);
  const module = findModule(workspace, `@idioms/lib/${name}`)!;
  const compiler = new Compiler();
  const differs = bundler === 'esbuild' ? ESBUILD_DIFFERS[name] : undefined;
  let expected: unknown;

  test('the same result as tsc in development, with a map back to the sources', async () => {
    expected = await run(await tscOutput(fixture.root, fixture.moduleDir));
    const build = await compiler.compile(workspace, module, DEVELOPMENT);
    expect(build.diagnostics).toEqual([]);
    // Said at the option that asks for what esbuild does not write.
    const option = readFileSync(join(fixture.root, 'tsconfig.json'), 'utf8').split('\n').findIndex((l) => l.includes('"emitDecoratorMetadata"')) + 1;
    expect(workspace.warnings.map((w) => `${w.file}:${w.line}:${w.column} ${w.code}`)).toEqual(differs ? [`tsconfig.json:${option}:5 ${differs}`] : []);
    if (differs) await expect(runKit(fixture.root, 'development', build.code)).rejects.toThrow();
    else expect(await runKit(fixture.root, 'development', build.code)).toEqual(expected);
    await expect(build.code.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n')).toMatchFileSnapshot(`../../snapshots/idioms/${name}.${bundler}.development.js`);
    const map = inlineMap(build.code);
    const entryName = `packages/lib/${name}/${fixture.entry.endsWith('x') ? 'index.tsx' : 'index.ts'}`;
    expect(map.sources).toContain(entryName);
    // The line that computes `result` maps back to where it is written.
    const line = readFileSync(fixture.entry, 'utf8').split('\n').findIndex((l) => l.startsWith('export const result')) + 1;
    const generated = build.code.split('\n').findIndex((l) => /^(const|let|var) result\b/.test(l)) + 1;
    const mapped: { source: string; line: number }[] = [];
    new SourceMapConsumer(map).eachMapping((m) => m.generatedLine === generated && mapped.push({ source: m.source.replace(/^.*(packages\/)/, '$1'), line: m.originalLine }));
    expect(mapped).toContainEqual({ source: entryName, line });
  });

  test('the same result as tsc in production', async () => {
    const build = await compiler.compile(workspace, module, PRODUCTION);
    expect(build.diagnostics).toEqual([]);
    if (differs) await expect(runKit(fixture.root, 'production', build.code)).rejects.toThrow();
    else expect(await runKit(fixture.root, 'production', build.code)).toEqual(expected);
    if (name === 'target-es2017') {
      const development = await compiler.compile(workspace, module, DEVELOPMENT);
      expect({ development: newerSyntax(development.code), production: newerSyntax(build.code) }).toEqual({ development: [], production: [] });
    }
  });
});
