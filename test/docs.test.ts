import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { STATUS_BY_CODE } from '../lib/compiler/index.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { REPO, copySample, removeWorkspaces } from './helpers/workspace.js';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  removeWorkspaces();
});

/** The ```sh blocks of a doc (those marked `sh server` apart), as they are written. */
function shellBlocks(doc: string): { info: string; code: string }[] {
  const text = readFileSync(join(REPO, 'docs', doc), 'utf8');
  return [...text.matchAll(/```(sh[^\n]*)\n([\s\S]*?)```/g)].map((m) => ({ info: m[1].trim(), code: m[2] }));
}

/** Runs a doc's shell block as a user would, with `npx kit` being this checkout's kit and the service at `base`. */
function runBlock(code: string, cwd: string, base = 'http://127.0.0.1:4173/') {
  const script = code.replaceAll('npx kit', `node ${join(REPO, 'bin', 'kit.js')}`).replaceAll('http://127.0.0.1:4173/', base);
  return spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

test('every shell example of the quick start runs', async () => {
  const [setup, server, requests] = shellBlocks('quickstart.md');
  expect([setup.info, server.info, requests.info]).toEqual(['sh', 'sh server', 'sh']);
  const cwd = mkdtempSync(join(tmpdir(), 'kit-docs-'));
  const ran = runBlock(setup.code, cwd);
  expect(ran.status, ran.stderr).toBe(0);
  expect(ran.stdout).toContain('main.js');
  expect(server.code.trim()).toBe('KIT_SERVICE_EXTENSIONS=@kit-js/packages/development npx kit run');
  const service = await startTestServer(join(cwd, 'my-site'));
  servers.push(service);
  const answered = runBlock(requests.code, cwd, service.url);
  expect(answered.status, answered.stderr).toBe(0);
  expect(answered.stdout).toContain('"status":"valid"');
});

test('every shell example of the HTTP reference runs against the example workspace', async () => {
  const service = await startTestServer(copySample('shop'));
  servers.push(service);
  const blocks = shellBlocks('http.md');
  expect(blocks.length).toBeGreaterThan(0);
  for (const block of blocks) {
    const ran = runBlock(block.code, REPO, service.url);
    expect(ran.status, `${block.code}\n${ran.stderr}`).toBe(0);
  }
});

test('every error code has an entry in the error reference, and kit explain prints it', () => {
  const reference = readFileSync(join(REPO, 'docs', 'errors.md'), 'utf8');
  const codes = [...Object.keys(STATUS_BY_CODE), 'ASSET_NOT_DECLARED', 'BUNDLE_ERROR', 'CONDITIONAL_NOT_FOUND', 'DEPENDENCY_INCOMPATIBLE', 'DEPENDENCY_NOT_DECLARED', 'IMPORT_CROSSES_MODULE', 'MANIFEST_INVALID', 'PACKAGES_GLOB_EMPTY', 'PREVIEW_BUILTIN', 'PREVIEW_CDN_UNSET', 'PREVIEW_VERSION_UNRESOLVED'];
  for (const code of codes) {
    expect(reference, code).toContain(`\n## ${code}\n`);
    expect(execFileSync(process.execPath, [join(REPO, 'bin', 'kit.js'), 'explain', code], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })).toContain('Fix:');
  }
});
