import { afterAll, expect, test } from 'vitest';
import { kitSync } from '../helpers/kit-command.js';
import { startTestServer } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const workspace = () =>
  writeWorkspace({
    'kit.json': { packages: ['packages/app'], relaod: false },
    'packages/app/package.json': pkg('@typo/app', { kit: { modules: '.', bundler: 'esbuild', modulez: '.' }, dependancies: { lit: '^3.0.0' }, scripts: { build: 'tsc' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts', bundlr: 'esbuild' },
    'packages/app/main/index.ts': 'export const ok = 1;\n',
  });

// Each at the key itself, the file named once: "scripts", a member other tools read, is no one's typo.
const WARNINGS = [
  'kit.json:5:3 MANIFEST_UNKNOWN_KEY "relaod" is not a member kit reads; did you mean "reload"?',
  'packages/app/package.json:8:5 MANIFEST_UNKNOWN_KEY "modulez" is not a member kit reads in "kit"; did you mean "modules"?',
  'packages/app/package.json:10:3 MANIFEST_UNKNOWN_KEY "dependancies" is not a member kit reads; did you mean "dependencies"?',
  'packages/app/main/module.json:6:3 MANIFEST_UNKNOWN_KEY "bundlr" is not a member kit reads; did you mean "bundler"?',
];

test('an unknown key in kit.json, module.json or a package\'s "kit" is a warning naming the nearest known key; the module stays valid', () => {
  const dir = workspace();
  const result = kitSync(['check'], { cwd: dir, env: { KIT_CACHE_DIR: 'off' } });
  expect(result.status).toBe(0);
  expect(result.stderr.trim().split('\n')).toEqual(WARNINGS.map((w) => `warning: ${w}`));
  expect(result.stdout).toContain('1 module: 1 valid, 0 invalid');
});

test('/state lists the same warnings, and kit run prints each once', async () => {
  const server = await startTestServer(workspace());
  try {
    const state = (await (await fetch(new URL('/state', server.url))).json()) as { warnings: { file: string; line: number; column: number; code: string; message: string }[]; modules: { status: string }[] };
    expect(state.warnings.map((w) => `${w.file}:${w.line}:${w.column} ${w.code} ${w.message}`)).toEqual(WARNINGS);
    expect(state.modules.map((m) => m.status)).toEqual(['valid']);
    await fetch(new URL('/state', server.url));
    await expect.poll(server.stderr, { timeout: 10_000 }).toContain(WARNINGS[3]);
    for (const warning of WARNINGS) expect(server.stderr().split(warning).length - 1).toBe(1);
  } finally {
    await server.close();
  }
});
