import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { closeCheckers, Compiler, DEVELOPMENT, findModule, loadWorkspace } from '../../lib/compiler/index.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

/** TypeScript 7's own tsc (`npx tsc` is 5.9, kit's emitter). */
const TSC7 = join(REPO, 'node_modules', 'typescript-native', 'bin', 'tsc');
const WEB = 'packages/web';
const MAIN = `${WEB}/src/app/main.tsx`;

/** A fresh copy of test/samples/vite-app below the checkout, where preact is installed. */
const app = () => copySample('vite-app', { insideRepo: true });

/** A copy with each file's text changed as `changes` say (workspace-relative path → change). */
function appWith(changes: Record<string, (text: string) => string>): string {
  const dir = app();
  for (const [path, change] of Object.entries(changes)) writeFileSync(join(dir, path), change(readFileSync(join(dir, path), 'utf8')));
  return dir;
}

function kitCheck(dir: string) {
  const result = kitSync(['check', '--cwd', dir]);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `tsc` as the app's own scripts run it (`tsc -b`, or one project with `-p`), in the package. */
function tsc(dir: string, args: string[]) {
  const result = spawnSync(process.execPath, [TSC7, ...args, '--pretty', 'false'], { cwd: join(dir, WEB), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** `file:line:column CODE` of each of tsc's errors, workspace-relative. */
const tscErrors = (output: string) => [...output.matchAll(/^(.+?)\((\d+),(\d+)\): error (TS\d+):/gm)].map(([, file, line, column, code]) => `${WEB}/${file}:${line}:${column} ${code}`).sort();
/** The same from kit's `file:line:column CODE message` lines. */
const kitErrors = (stderr: string) => [...stderr.matchAll(/^(\S+:\d+:\d+) (TS\d+) /gm)].map(([, where, code]) => `${where} ${code}`).sort();

async function compile(dir: string, specifier: string) {
  const workspace = loadWorkspace(dir);
  return new Compiler().compile(workspace, findModule(workspace, specifier)!, DEVELOPMENT);
}

describe('a Vite-style app: solution tsconfig, ambient declarations, paths aliases (CONTRACT §10)', () => {
  test('kit check accepts it as tsc -b and tsc -p tsconfig.app.json do: JSX builds, the ambient declaration is seen, the aliases resolve', () => {
    const dir = app();
    const checked = kitCheck(dir);
    // No TS17004 (JSX without `jsx`), TS2339 (`import.meta.env`), TS2307 (`@/lib/utils`): no error at all.
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain('2 modules: 2 valid, 0 invalid');
    for (const args of [['-b'], ['-p', 'tsconfig.app.json', '--noEmit']]) {
      const typed = tsc(dir, args);
      expect(typed.output, args.join(' ')).toBe('');
      expect(typed.code).toBe(0);
    }
  });

  test.each(['ts', 'esbuild'])('the %s bundler builds the aliased private helper into the module, and the aliased stylesheet beside it', async (bundler) => {
    const dir = appWith({ [`${WEB}/package.json`]: (text) => JSON.stringify({ ...JSON.parse(text), kit: { bundler } }) });
    const main = await compile(dir, '@vite/web/main');
    expect(main.diagnostics).toEqual([]);
    expect(main.status).toBe('valid');
    const code = main.code;
    expect(code).toContain('/* from src/lib/utils */');
    expect(code).not.toContain('@/lib/utils');
    // The other module, imported by its specifier, stays a bare import.
    expect(code).toMatch(/from ['"]@vite\/web\/button['"]/);
    // `import '@/styles/app.css'` is a stylesheet, as `./styles/app.css` would be.
    expect(main.styles).toContain('font-family: system-ui');
    const button = await compile(dir, '@vite/web/button');
    expect(button.code).toContain('button-primary');
    // tsconfig.app.json's `jsx` (the solution file has none) makes the emit: preact's automatic runtime, under either bundler.
    expect(code).toMatch(/from ['"]preact\/jsx-runtime['"]/);
    expect(code).not.toContain('React.createElement');
  });

  test('the ambient declaration counts only while include names it: kit and tsc report the same TS2339', () => {
    const dir = appWith({ [`${WEB}/tsconfig.app.json`]: (text) => text.replace('"include": ["src"]', '"include": ["src/app", "src/components", "src/lib", "src/styles", "src/vite-env.d.ts"]') });
    const checked = kitCheck(dir);
    expect(checked.code).toBe(1);
    const expected = [`${MAIN}:6:42 TS2339`];
    expect(kitErrors(checked.stderr)).toEqual(expected);
    const typed = tsc(dir, ['-p', 'tsconfig.app.json', '--noEmit']);
    expect(typed.code).not.toBe(0);
    expect(tscErrors(typed.output)).toEqual(expected);
  });

  test("a type error in a helper reached through an alias is the importing module's, where tsc puts it", () => {
    const dir = appWith({ [`${WEB}/src/lib/utils.ts`]: (text) => `${text}export const broken: number = 'not a number';\n` });
    const checked = kitCheck(dir);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain('✗ @vite/web@0.1.0/main');
    const expected = [`${WEB}/src/lib/utils.ts:5:14 TS2322`];
    expect(kitErrors(checked.stderr)).toEqual(expected);
    expect(tscErrors(tsc(dir, ['-b']).output)).toEqual(expected);
  });

  test("an alias that reaches another module's entry crosses modules: import it by its specifier (tsc has no such rule)", async () => {
    const dir = appWith({ [MAIN]: (text) => text.replace("from '@vite/web/button'", "from '@/components/button'") });
    const checked = kitCheck(dir);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(/^packages\/web\/src\/app\/main\.tsx:3:24 (IMPORT_CROSSES_MODULE|BUNDLE_ERROR) '@\/components\/button' .*import it as '@vite\/web\/button'/m);
    expect(kitErrors(checked.stderr)).toEqual([]);
    expect(tsc(dir, ['-p', 'tsconfig.app.json', '--noEmit']).code).toBe(0);
    // esbuild's modules meet the same rule.
    writeFileSync(join(dir, WEB, 'package.json'), JSON.stringify({ ...JSON.parse(readFileSync(join(dir, WEB, 'package.json'), 'utf8')), kit: { bundler: 'esbuild' } }));
    const main = await compile(dir, '@vite/web/main');
    expect(main.diagnostics).toEqual([expect.objectContaining({ code: 'IMPORT_CROSSES_MODULE', file: MAIN, line: 3, column: 24, message: expect.stringContaining("import it as '@vite/web/button'") })]);
  });

  test("an edit to the project's paths is seen by the next build, with no new discovery of the workspace", async () => {
    const dir = app();
    const workspace = loadWorkspace(dir);
    const compiler = new Compiler();
    const build = () => compiler.compile(workspace, findModule(workspace, '@vite/web/main')!, DEVELOPMENT);
    expect((await build()).status).toBe('valid');
    const config = join(dir, WEB, 'tsconfig.app.json');
    writeFileSync(config, readFileSync(config, 'utf8').replace('"@/*"', '"~/*"'));
    // `@/lib/utils` is now a package nobody declared, for the bundler and for TypeScript alike.
    const stale = await build();
    expect(stale.status).toBe('invalid');
    expect(stale.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['DEPENDENCY_NOT_DECLARED']));
    writeFileSync(join(dir, MAIN), readFileSync(join(dir, MAIN), 'utf8').replaceAll("'@/", "'~/"));
    const fixed = await build();
    expect(fixed.diagnostics).toEqual([]);
    expect(fixed.code).toContain('/* from src/lib/utils */');
  });
});
