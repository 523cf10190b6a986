import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { Compiler, findModule, hotFileUpdate, judgedOptions, loadWorkspace } from '../../lib/compiler/index.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const HELPER = "import { prefix } from './prefix';\nexport const word: string = `${prefix} one`;\n";

/** A module on `bundler` whose entry runs `live.ts`, which shows what `helper.ts` exports; its judged build, as open previews run it. */
async function running(bundler: 'esbuild' | 'ts') {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', strict: true, skipLibCheck: true, types: [] } },
    'packages/app/package.json': pkg('@hot/app', { exports: { './main': './main/index.ts' }, kit: { bundler } }),
    'packages/app/main/index.ts': "import './live';\nexport const ready = true;\n",
    'packages/app/main/live.ts': "import { word } from './helper';\nexport const shown = word;\n",
    'packages/app/main/helper.ts': HELPER,
    'packages/app/main/prefix.ts': "export const prefix = 'edit';\n",
  });
  const workspace = loadWorkspace(dir);
  const module = findModule(workspace, '@hot/app/main')!;
  const build = await new Compiler().compile(workspace, module, judgedOptions(module));
  expect(build.diagnostics).toEqual([]);
  const update = (source: string) => {
    writeFileSync(join(dir, 'packages/app/main/helper.ts'), source);
    return hotFileUpdate(workspace, module, build.hot!, './helper.ts');
  };
  return { update, manifest: build.hot! };
}

test('an esbuild module: an edit of a file body is that file made on its own, its imports named by the ids of the files they name', async () => {
  const { update, manifest } = await running('esbuild');
  expect(manifest.files['./helper.ts']).toMatchObject({ path: 'packages/app/main/helper.ts', written: { './prefix': './prefix.ts' } });
  const made = await update(HELPER.replace('one', 'two'));
  expect(made).toMatchObject({ id: './helper.ts' });
  expect(made!.hash).not.toBe(manifest.files['./helper.ts'].hash);
  expect(made!.body).toContain('__kit.define("./helper.ts"');
  expect(made!.body).toContain('require("./prefix.ts")');
  expect(made!.body).toContain('two');
  expect(made!.body).toMatch(/\/\/# sourceMappingURL=data:application\/json;base64,/);
  // The same text as the running build's: nothing to make.
  expect(await update(HELPER)).toBeUndefined();
});

test('an edit that changes what the file imports or exports, breaks its syntax, or reads import.meta.env is left to the whole build', async () => {
  const { update } = await running('esbuild');
  expect(await update(`${HELPER}import './prefix';\n`)).toBeUndefined();
  expect(await update(HELPER.replace("import { prefix } from './prefix';", "import { prefix as p } from './prefix';\nconst prefix = p;"))).toBeUndefined();
  expect(await update(`${HELPER}export const more = 1;\n`)).toBeUndefined();
  expect(await update(HELPER.replace('export const word', 'export const wrod'))).toBeUndefined();
  expect(await update(HELPER.replace('one`;', 'one`'))).toBeDefined(); // still one statement
  expect(await update(HELPER.replace('`${prefix} one`', '`${prefix} one'))).toBeUndefined();
  expect(await update(HELPER.replace('one`', 'one ${import.meta.env.MODE}`'))).toBeUndefined();
});

test("a ts module's edit is made on its own once TypeScript 7 finds the module clean; a type error leaves it to the build", async () => {
  const { update } = await running('ts');
  expect((await update(HELPER.replace('one', 'two')))?.body).toContain('two');
  expect(await update(HELPER.replace('`${prefix} one`', '42'))).toBeUndefined();
  expect((await update(HELPER.replace('one', 'three')))?.body).toContain('three');
});
