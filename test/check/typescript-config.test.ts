import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { closeCheckers, Compiler, DEVELOPMENT, findModule, loadWorkspace, PRODUCTION, type CompileOptions } from '../../lib/compiler/index.js';
import { REPO, pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

afterAll(async () => {
  await closeCheckers();
  removeWorkspaces();
});

/** `kit <args>` as a user runs it, from the process directory `cwd`. */
function kit(args: string[], cwd: string = REPO) {
  const result = kitSync(args, { cwd });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const ROOT_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  },
  include: ['packages'],
};

/** Implicit any: TS7006 under `strict`, valid with `noImplicitAny: false`. */
const IMPLICIT = 'export function f(x) { return x }\nexport const result = f(1);\n';

/** Legacy (experimentalDecorators) decorators: a class decorator and a property decorator `(target, key)`. */
const LEGACY = `const log: string[] = [];
function sealed(constructor: Function) {
  log.push('class ' + typeof constructor);
  (constructor as unknown as { sealed: boolean }).sealed = true;
}
function prop(target: any, key: string) {
  log.push('prop ' + key + ' on ' + typeof target);
}
@sealed
class Greeter {
  @prop greeting = 'hi';
}
export const result = [...log, new Greeter().greeting, (Greeter as unknown as { sealed: boolean }).sealed];
`;
/** What legacy decorators log: members first, then the class; the property decorator gets the prototype and the name. */
const LEGACY_RESULT = ['prop greeting on object', 'class function', 'hi', true];

/** A package tsconfig that extends the root one and relaxes it. */
const PACKAGE_TSCONFIG = { extends: '../../tsconfig.json', compilerOptions: { noImplicitAny: false, experimentalDecorators: true } };

function moduleFiles(dir: string, name: string, source: string): Record<string, string | object> {
  return {
    [`${dir}/${name}/module.json`]: { platforms: ['node', 'web'], entry: 'index.ts' },
    [`${dir}/${name}/index.ts`]: source,
  };
}

describe("a package's own tsconfig.json", () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/strict', 'packages/loose', 'packages/loose-es'] },
    'tsconfig.json': ROOT_TSCONFIG,
    'packages/strict/package.json': pkg('@cfg/strict', { kit: { modules: '.', bundler: 'ts' } }),
    ...moduleFiles('packages/strict', 'implicit', IMPLICIT),
    ...moduleFiles('packages/strict', 'legacy', LEGACY),
    'packages/loose/package.json': pkg('@cfg/loose', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/loose/tsconfig.json': PACKAGE_TSCONFIG,
    ...moduleFiles('packages/loose', 'implicit', IMPLICIT),
    ...moduleFiles('packages/loose', 'legacy', LEGACY),
    'packages/loose-es/package.json': pkg('@cfg/loose-es', { kit: { modules: '.', bundler: 'esbuild' } }),
    'packages/loose-es/tsconfig.json': PACKAGE_TSCONFIG,
    ...moduleFiles('packages/loose-es', 'legacy', LEGACY),
  });
  const workspace = loadWorkspace(dir);
  const compiler = new Compiler();
  const compile = (specifier: string, options: CompileOptions = DEVELOPMENT) => compiler.compile(workspace, findModule(workspace, specifier)!, options);

  test('the same implicit any is TS7006 under the strict root tsconfig', async () => {
    const build = await compile('@cfg/strict/implicit');
    expect(build.status).toBe('invalid');
    expect(build.diagnostics).toEqual([expect.objectContaining({ code: 'TS7006', file: 'packages/strict/implicit/index.ts', line: 1, column: 19 })]);
  });

  test('and valid in the package whose tsconfig sets noImplicitAny: false', async () => {
    const build = await compile('@cfg/loose/implicit');
    expect(build.diagnostics).toEqual([]);
    expect(build.status).toBe('valid');
  });

  test('legacy decorators are TypeScript errors where the tsconfig does not enable them', async () => {
    const build = await compile('@cfg/strict/legacy');
    expect(build.status).toBe('invalid');
    expect(build.diagnostics).toContainEqual(expect.objectContaining({ code: 'TS1240', file: 'packages/strict/legacy/index.ts', line: 11, column: 4 }));
  });

  for (const [bundler, specifier] of [['ts', '@cfg/loose/legacy'], ['esbuild', '@cfg/loose-es/legacy']]) {
    for (const [form, options] of [['development', DEVELOPMENT], ['production', PRODUCTION]] as [string, CompileOptions][]) {
      test(`the ${bundler} bundler emits legacy decorators under experimentalDecorators, ${form}, and they run`, async () => {
        const build = await compile(specifier, options);
        expect(build.diagnostics).toEqual([]);
        expect(build.imports).toEqual([]);
        const file = join(dir, `${bundler}-legacy-${form}.mjs`);
        writeFileSync(file, build.code);
        const ran = await import(pathToFileURL(file).href);
        expect(ran.result).toEqual(LEGACY_RESULT);
      });
    }
  }
});

/** A type package as npm installs it, with npm's record of the install. */
const FAKE_TYPES = {
  'node_modules/@types/fake-globals/package.json': { name: '@types/fake-globals', version: '1.0.0', types: 'index.d.ts' },
  'node_modules/@types/fake-globals/index.d.ts': 'declare const FAKE_GLOBAL: string;\n',
  'node_modules/.package-lock.json': {
    name: 'globals-ws',
    lockfileVersion: 3,
    requires: true,
    packages: { 'node_modules/@types/fake-globals': { version: '1.0.0', dev: true } },
  },
};
const USES_GLOBAL = 'export const value: string = FAKE_GLOBAL;\n';

function globalsWorkspace(types: string[] | undefined, withTypes = true): string {
  const tsconfig = { ...ROOT_TSCONFIG, compilerOptions: { ...ROOT_TSCONFIG.compilerOptions, ...(types ? { types } : {}) } };
  return writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'package.json': { name: 'globals-ws', private: true },
    'tsconfig.json': tsconfig,
    'packages/app/package.json': pkg('@globals/app', { kit: { modules: '.', bundler: 'ts' } }),
    ...moduleFiles('packages/app', 'main', USES_GLOBAL),
    ...(withTypes ? FAKE_TYPES : {}),
  });
}

describe('types from @types in the workspace', () => {
  test('a global of an @types package listed in `types` is known to kit check --cwd from another directory', () => {
    const dir = globalsWorkspace(['fake-globals']);
    const checked = kit(['check', '--cwd', dir], '/');
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain('@globals/app@0.1.0/main');
  });

  test('without it in `types` (TypeScript 7 includes none by default) the global is TS2304', () => {
    const dir = globalsWorkspace(undefined);
    const checked = kit(['check', '--cwd', dir], '/');
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain("packages/app/main/index.ts:1:30 TS2304 Cannot find name 'FAKE_GLOBAL'.");
  });

  test('kit check --cwd ws from elsewhere prints exactly what kit check prints inside ws', () => {
    for (const dir of [globalsWorkspace(['fake-globals']), globalsWorkspace(undefined)]) {
      const outside = kit(['check', '--cwd', dir], '/');
      const inside = kit(['check'], dir);
      const relative = kit(['check', '--cwd', '.'], dir);
      expect(inside).toEqual(outside);
      expect(relative).toEqual(outside);
    }
  });
});

describe('the disk cache and a restart (each kit check is a new process)', () => {
  test('a tsconfig edit is not answered with the cached verdict', () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/app'] },
      'tsconfig.json': ROOT_TSCONFIG,
      'packages/app/package.json': pkg('@cache/app', { kit: { modules: '.', bundler: 'ts' } }),
      ...moduleFiles('packages/app', 'main', IMPLICIT),
    });
    const strict = kit(['check', '--cwd', dir]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('packages/app/main/index.ts:1:19 TS7006');
    expect(existsSync(join(dir, 'node_modules', '.cache', 'kit'))).toBe(true);
    expect(kit(['check', '--cwd', dir]).code).toBe(1); // from the disk cache, the same verdict

    writeFiles(dir, { 'tsconfig.json': { ...ROOT_TSCONFIG, compilerOptions: { ...ROOT_TSCONFIG.compilerOptions, strict: false } } });
    const loose = kit(['check', '--cwd', dir]);
    expect(loose.stderr).toBe('');
    expect(loose.code).toBe(0);

    writeFiles(dir, { 'tsconfig.json': ROOT_TSCONFIG });
    const again = kit(['check', '--cwd', dir]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('packages/app/main/index.ts:1:19 TS7006');
  });

  test('a failed check is not replayed once the file its import was missing exists', () => {
    const dir = writeWorkspace({
      'kit.json': { packages: ['packages/app'] },
      'tsconfig.json': ROOT_TSCONFIG,
      'packages/app/package.json': pkg('@later/app', { kit: { modules: '.', bundler: 'ts' } }),
      ...moduleFiles('packages/app', 'main', "import { later } from './later';\nexport const value: string = later;\n"),
    });
    const missing = kit(['check', '--cwd', dir]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('./later');
    writeFiles(dir, { 'packages/app/main/later.ts': "export const later = 'written-later';\n" });
    const found = kit(['check', '--cwd', dir]);
    expect(found.stderr).toBe('');
    expect(found.code).toBe(0);
  });

  test.each([
    ['every @types package ("types": ["*"])', ['*'], undefined],
    ['the package named in "types"', ['fake-globals'], "tsconfig.json:1:1 TS2688 Cannot find type definition file for 'fake-globals'."],
  ])('installing a type package clears a cached verdict: %s', (_, types, missing) => {
    const dir = globalsWorkspace(types, false);
    const before = kit(['check', '--cwd', dir]);
    expect(before.code).toBe(1);
    // As tsc --noEmit: a problem of the program (a type package named but missing) is the verdict, the files are not judged under it.
    if (missing) expect(before.stderr).toContain(missing);
    else expect(before.stderr).toContain("packages/app/main/index.ts:1:30 TS2304 Cannot find name 'FAKE_GLOBAL'.");
    expect(kit(['check', '--cwd', dir]).stderr).toBe(before.stderr); // cached, unchanged

    writeFiles(dir, FAKE_TYPES);
    const after = kit(['check', '--cwd', dir]);
    expect(after.stderr).toBe('');
    expect(after.code).toBe(0);
  });
});

test('a tsconfig option of the wrong type ("target": 42) is TypeScript\'s diagnostic, and the esbuild modules still build', () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'tsconfig.json': { ...ROOT_TSCONFIG, compilerOptions: { ...ROOT_TSCONFIG.compilerOptions, target: 42 } },
    'packages/a/package.json': pkg('@t/a', { exports: { './checked': './checked/index.ts', './quick': './quick/index.ts' } }),
    'packages/a/checked/index.ts': 'export const a = 1;\n',
    'packages/a/quick/index.ts': 'export const b = 2;\n',
    'packages/a/quick/module.json': { platforms: ['web'], entry: 'index.ts', bundler: 'esbuild' },
  });
  const checked = kit(['check', '--cwd', dir]);
  expect(checked.stderr).not.toContain('internal error');
  expect(checked.code).toBe(1);
  expect(checked.stdout).toContain('✓ @t/a@0.1.0/quick esbuild');
  expect(checked.stderr).toMatch(/tsconfig\.json:\d+:\d+ TS5024 /);
});
