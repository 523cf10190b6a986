import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

const createdDirs: string[] = [];
afterAll(() => {
  for (const dir of createdDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  removeWorkspaces();
});

/** TypeScript 7's own tsc (`npx tsc` is 5.9, kit's emitter). */
const TSC7 = join(REPO, 'node_modules', 'typescript-native', 'bin', 'tsc');

function kit(args: string[]) {
  const result = kitSync(args);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `tsc --noEmit` run in the workspace, as a user or a CI job would run it. */
function tsc(dir: string) {
  const result = spawnSync(process.execPath, [TSC7, '--noEmit', '--pretty', 'false'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** `file:line:column CODE` of each error, from tsc's `file(line,column): error TSn: message`. */
function tscErrors(output: string): string[] {
  return [...output.matchAll(/^(.+?)\((\d+),(\d+)\): error (TS\d+):/gm)].map(([, file, line, column, code]) => `${file}:${line}:${column} ${code}`).sort();
}

/** The same from kit's `file:line:column CODE message` lines. */
function kitErrors(stderr: string): string[] {
  return [...stderr.matchAll(/^(\S+:\d+:\d+) (TS\d+) /gm)].map(([, where, code]) => `${where} ${code}`).sort();
}

/** pnpm as the tests pin it (a devDependency), never a global one. */
const PNPM = join(REPO, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

/** The package manager's install, as a fresh clone gets it: nothing of kit's runs. */
function install(dir: string, manager: 'npm' | 'pnpm') {
  const [command, args] = manager === 'npm'
    ? ['npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']]
    : [process.execPath, [PNPM, 'install', '--no-frozen-lockfile', '--prefer-offline']];
  const result = spawnSync(command, args as string[], { cwd: dir, encoding: 'utf8', timeout: 180_000 });
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
}

const created = () => {
  const dir = join(tmpdir(), `kit-tsc-${process.pid}-${Math.random().toString(36).slice(2)}`);
  createdDirs.push(dir);
  const made = kit(['create', dir, '--name', '@acme/site']);
  expect(made.code, made.stderr).toBe(0);
  install(dir, 'npm');
  return { dir, module: 'packages/site/main/index.ts' };
};

/** A clone of examples/shop elsewhere: its link to kit names this checkout, as a user's would. */
const shop = () => {
  const dir = copySample('shop');
  const manifest = join(dir, 'package.json');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"link:../.."', JSON.stringify(`link:${REPO}`)));
  install(dir, 'pnpm');
  return { dir, module: 'packages/app/main/index.ts' };
};

test('TypeScript 7 is installed where these tests look for it', () => {
  expect(existsSync(TSC7)).toBe(true);
  const version = spawnSync(process.execPath, [TSC7, '--version'], { encoding: 'utf8' });
  expect(version.stdout).toMatch(/^Version 7\./);
});

describe.each([
  ['a workspace made by kit create, after npm install', created],
  ['a copy of examples/shop, after pnpm install', shop],
])('tsc --noEmit agrees with kit check in %s', (_, make) => {
  const workspace = {} as { dir: string; module: string };

  test('tsc accepts it after the install alone, before any kit command; then kit check does too', () => {
    Object.assign(workspace, make());
    const typed = tsc(workspace.dir);
    expect(typed.output).toBe('');
    expect(typed.code).toBe(0);
    expect(existsSync(join(workspace.dir, '.kit'))).toBe(false);
    const checked = kit(['check', '--cwd', workspace.dir]);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
  });

  test('both report one type error with the same code at the same file:line:column', () => {
    const file = join(workspace.dir, workspace.module);
    const source = readFileSync(file, 'utf8');
    const line = source.split('\n').length + (source.endsWith('\n') ? 0 : 1);
    writeFileSync(file, `${source}${source.endsWith('\n') ? '' : '\n'}export const broken: number = 'not a number';\n`);
    const expected = [`${workspace.module}:${line}:14 TS2322`];

    const checked = kit(['check', '--cwd', workspace.dir]);
    expect(checked.code).toBe(1);
    expect(kitErrors(checked.stderr)).toEqual(expected);

    const typed = tsc(workspace.dir);
    expect(typed.code).not.toBe(0);
    expect(tscErrors(typed.output)).toEqual(expected);
  });
});
