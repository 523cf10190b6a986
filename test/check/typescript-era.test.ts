import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { afterAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

/** The sample workspace of TypeScript 5-era configuration, with a TypeScript installed in it (no network: kit's own copies, linked). */
function era(typescript: 'typescript' | 'typescript-native', tsconfig?: object): string {
  const dir = copySample('ts5-era');
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules', typescript), join(dir, 'node_modules', 'typescript'));
  symlinkSync(join(REPO, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'));
  symlinkSync(join(REPO, 'node_modules', 'undici-types'), join(dir, 'node_modules', 'undici-types'));
  if (tsconfig) writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  return dir;
}

/** The ES2015 syntax in `code`: none is left by an es5 target. */
function es2015Syntax(code: string): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; kind?: string };
    if (['ClassDeclaration', 'ClassExpression', 'ArrowFunctionExpression', 'TemplateLiteral', 'SpreadElement'].includes(n.type ?? '')) found.add(n.type!);
    if (n.type === 'VariableDeclaration' && n.kind !== 'var') found.add(n.kind!);
    for (const value of Object.values(node)) Array.isArray(value) ? value.forEach(visit) : visit(value);
  };
  visit(parseAst(code));
  return [...found];
}

const run = (command: string, args: string[], cwd: string) => spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', KIT_CACHE_DIR: 'off' } });
const kit = (args: string[], cwd: string) => run(process.execPath, [join(REPO, 'bin', 'kit.js'), ...args], cwd);
/** The workspace's own tsc, over the module's tsconfig. */
const tsc = (cwd: string) => run(process.execPath, [join(cwd, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', 'packages/lib/tsconfig.json'], cwd);
/** `file:line:column CODE` of each error a tsc printed, or kit's diagnostics, in one form. */
const tscErrors = (output: string) => [...output.matchAll(/^(\S+)\((\d+),(\d+)\): error (TS\d+): (.*)$/gm)].map((m) => `${m[4]} ${m[5]}`);
const kitErrors = (output: string) => [...new Set([...output.matchAll(/^(\S+):(\d+):(\d+) (TS\d+) (.*)$/gm)].map((m) => `${m[4]} ${m[5]}`))];
const kitPlaces = (output: string) => [...new Set([...output.matchAll(/^(\S+:\d+:\d+) (TS\d+)/gm)].map((m) => `${m[1]} ${m[2]}`))].sort();

describe('a workspace on TypeScript 5.9 with a 5-era tsconfig (node10 resolution, baseUrl, es5, no "types")', () => {
  const dir = era('typescript');

  test('its own tsc accepts it, and so does kit check, with one warning per mapped option at the option', () => {
    expect(tsc(dir).status).toBe(0);
    const checked = kit(['check'], dir);
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toContain('2 modules: 2 valid, 0 invalid');
    const warnings = checked.stderr.trim().split('\n');
    expect(warnings).toContain('warning: tsconfig.json:6:5 TSCONFIG_MAPPED "baseUrl" is checked as "paths": {"*": ["./*"]}; for TypeScript 7 remove "baseUrl" and add that "paths" entry (TypeScript 5 accepts it, TypeScript 7 does not)');
    expect(warnings.map((w) => w.split(' TSCONFIG_MAPPED ')[0]).sort()).toEqual(['warning: packages/lib/tsconfig.json:1:1', 'warning: tsconfig.json:10:5', 'warning: tsconfig.json:3:5', 'warning: tsconfig.json:4:5', 'warning: tsconfig.json:5:5', 'warning: tsconfig.json:6:5', 'warning: tsconfig.json:9:5']);
  });

  test('kit check --fix-tsconfig shows the edits that make it ready for TypeScript 7', () => {
    const fixes = kit(['check', '--fix-tsconfig'], dir);
    expect(fixes.status).toBe(0);
    expect(fixes.stdout).toContain('tsconfig.json:5:5 "moduleResolution": "node" is checked as "bundler"; for TypeScript 7 set "moduleResolution": "bundler"\n');
    expect(fixes.stdout).toContain('7 edits make the tsconfigs ready for TypeScript 7');
  });

  test('it emits for its es5 target and runs in the preview', async () => {
    expect(kit(['build'], dir).status).toBe(0);
    const code = readFileSync(join(dir, 'dist/m/@era/lib@1.0.0/modules/main.js'), 'utf8');
    expect(es2015Syntax(code)).toEqual([]);
    const server = await startTestServer(dir);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(new URL('/preview/?entry=@era/lib/main', server.url).href);
      await page.waitForSelector('#era');
      expect(await page.textContent('#era')).toBe('development 1,3,6 dispose');
    } finally {
      await browser.close();
      await server.close();
    }
  });
});

describe('the same workspace with TypeScript 7 installed', () => {
  const dir = era('typescript-native');

  test('is invalid exactly where its tsc says, each option at its own line and column', () => {
    const own = tsc(dir);
    expect(own.status).not.toBe(0);
    const checked = kit(['check'], dir);
    expect(checked.status).toBe(1);
    expect(kitErrors(checked.stderr).sort()).toEqual(tscErrors(own.stdout).sort());
    expect(kitPlaces(checked.stderr)).toEqual(['tsconfig.json:10:5 TS5102', 'tsconfig.json:3:15 TS5108', 'tsconfig.json:5:25 TS5108', 'tsconfig.json:6:5 TS5102', 'tsconfig.json:9:24 TS5108']);
  });
});

describe('the implicit @types under 5.x and under 7 (a tsconfig both accept, no "types")', () => {
  const tsconfig = { compilerOptions: { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom', 'esnext.disposable'], strict: true, skipLibCheck: true, noEmit: true }, include: ['packages'] };

  test('5.9 includes @types/node: process is known, to its tsc and to kit (with the warning)', () => {
    const dir = era('typescript', tsconfig);
    expect(tsc(dir).status).toBe(0);
    const checked = kit(['check'], dir);
    expect(checked.status).toBe(0);
    expect(checked.stderr).toContain('no "types": TypeScript 5 includes every @types package, TypeScript 7 none; kit checks with "types": ["node"]');
  });

  test('7 includes none: process is unknown, to its tsc and to kit, at the same place', () => {
    const dir = era('typescript-native', tsconfig);
    const own = tsc(dir);
    const checked = kit(['check'], dir);
    expect(checked.status).toBe(1);
    expect(tscErrors(own.stdout)).toContain("TS2591 Cannot find name 'process'. Do you need to install type definitions for node? Try `npm i --save-dev @types/node` and then add 'node' to the types field in your tsconfig.");
    expect(kitErrors(checked.stderr).sort()).toEqual(tscErrors(own.stdout).sort());
    expect(checked.stderr).toContain('packages/lib/main/index.ts:5:22 TS2591');
  });
});
