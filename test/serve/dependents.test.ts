import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { Compiler, closeCheckers, loadWorkspace, type ModuleInfo, type Workspace } from '../../lib/compiler/index.js';
import { BuildStates } from '../../lib/serve/builds.js';
import { Channel } from '../../lib/serve/channel.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

const WORD = (body: string, type = 'string') => `export const word: ${type} = ${body};\nexport function shout(): string { return String(word).toUpperCase(); }\n`;

/** `@dep/lib/main` (its `word.ts` edited) and `@dep/app/main`, whose verdict reads it; a compiler that lists the modules it builds. */
function setUp() {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/lib', 'packages/app'] },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], strict: true, skipLibCheck: true, types: [], noEmit: true }, include: ['packages'] },
    'packages/lib/package.json': pkg('@dep/lib', { exports: { './main': './main/index.ts' }, kit: { bundler: 'ts' } }),
    'packages/lib/main/index.ts': "export { word, shout } from './word';\n",
    'packages/lib/main/word.ts': WORD("'one'"),
    'packages/app/package.json': pkg('@dep/app', { exports: { './main': './main/index.ts' }, kit: { bundler: 'ts' }, dependencies: { '@dep/lib': '0.1.0' } }),
    'packages/app/main/index.ts': "import { word, shout } from '@dep/lib/main';\nexport const both: string = word + shout();\nexport const plain: string = word;\n",
  });
  const workspace = loadWorkspace(dir);
  const built: string[] = [];
  const compiler = new Compiler();
  const compile = compiler.compile.bind(compiler);
  const compileMany = compiler.compileMany.bind(compiler);
  compiler.compile = (ws: Workspace, module: ModuleInfo, options) => (built.push(module.specifier), compile(ws, module, options));
  compiler.compileMany = (ws: Workspace, modules: ModuleInfo[], options, onBuilt) => (built.push(...modules.map((m) => m.specifier)), compileMany(ws, modules, options, onBuilt));
  const states = new BuildStates(new Channel());
  const word = join(dir, 'packages/lib/main/word.ts');
  /** Edits word.ts, judges the edit as the watcher does (`superseded`: another edit came meanwhile), and gives the modules built for it. */
  const edit = async (text: string, superseded = () => false) => {
    writeFiles(dir, { 'packages/lib/main/word.ts': text });
    built.length = 0;
    // Past the racy window of the file's stamp, as a watcher's report comes after the write.
    await new Promise((resolve) => setTimeout(resolve, 30));
    await states.judgeEdit(compiler, workspace, new Set([word]), superseded);
    return [...new Set(built)].sort();
  };
  return { dir, workspace, compiler, states, edit, built };
}

test("an edit that keeps what a file declares judges its own module, not the modules whose verdicts read it; a declaration's edit judges them", async () => {
  const { workspace, compiler, states, edit } = setUp();
  await states.judge(compiler, workspace, workspace.modules, { forEdit: true });
  expect(states.known('@dep/app@0.1.0/main')?.status).toBe('valid');
  // The first edit of a file: what its dependents rest on is not known yet.
  expect(await edit(WORD("'two'"))).toEqual(['@dep/app/main', '@dep/lib/main']);
  expect(await edit(WORD("'three'"))).toEqual(['@dep/lib/main']);
  expect(await edit(WORD("'four'"))).toEqual(['@dep/lib/main']);
  // What it declares changed: the app is judged again, and fails.
  expect(await edit(WORD('4', 'number'))).toEqual(['@dep/app/main', '@dep/lib/main']);
  expect(states.known('@dep/app@0.1.0/main')).toMatchObject({ status: 'invalid', diagnostics: [expect.objectContaining({ code: 'TS2322', file: 'packages/app/main/index.ts' })] });
  expect(await edit(WORD("'five'"))).toEqual(['@dep/app/main', '@dep/lib/main']);
  expect(states.known('@dep/app@0.1.0/main')?.status).toBe('valid');
});

test('a dependent judged by another caller since (a page, /state) is judged again at the next edit', async () => {
  const { workspace, compiler, states, edit } = setUp();
  await states.judge(compiler, workspace, workspace.modules, { forEdit: true });
  await edit(WORD("'two'"));
  expect(await edit(WORD("'three'"))).toEqual(['@dep/lib/main']);
  await states.judge(compiler, workspace, workspace.modules);
  expect(await edit(WORD("'four'"))).toEqual(['@dep/app/main', '@dep/lib/main']);
  expect(await edit(WORD("'five'"))).toEqual(['@dep/lib/main']);
});

test('while edits keep coming, the dependents are left to the last one: each edit judges its own module, the last its dependents', async () => {
  const { workspace, compiler, states, edit } = setUp();
  await states.judge(compiler, workspace, workspace.modules, { forEdit: true });
  // What the file declares changes with each edit, and another edit follows each but the last.
  expect(await edit(WORD('1', 'number'), () => true)).toEqual(['@dep/lib/main']);
  expect(await edit(WORD('2', 'number'), () => true)).toEqual(['@dep/lib/main']);
  expect(await edit(WORD('3', 'number'))).toEqual(['@dep/app/main', '@dep/lib/main']);
  expect(states.known('@dep/app@0.1.0/main')).toMatchObject({ status: 'invalid', diagnostics: [expect.objectContaining({ code: 'TS2322' })] });
});

test("an edit of another file after an edit whose dependents were left judges those dependents", async () => {
  const { dir, workspace, compiler, states, edit, built } = setUp();
  await states.judge(compiler, workspace, workspace.modules, { forEdit: true });
  expect(await edit(WORD('1', 'number'), () => true)).toEqual(['@dep/lib/main']);
  // A file of no module's: nothing of its own to judge, the app's verdict (which reads word.ts) is owed.
  writeFiles(dir, { 'notes.txt': 'a note\n' });
  built.length = 0;
  await states.judgeEdit(compiler, workspace, new Set([join(dir, 'notes.txt')]));
  expect([...new Set(built)]).toEqual(['@dep/app/main']);
  expect(states.known('@dep/app@0.1.0/main')).toMatchObject({ status: 'invalid', diagnostics: [expect.objectContaining({ code: 'TS2322' })] });
});
