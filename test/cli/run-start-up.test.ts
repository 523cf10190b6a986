import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startInTerminal, type TerminalService } from '../helpers/terminal-service.js';
import { REPO, copySample, removeWorkspaces } from '../helpers/workspace.js';

const ESC = '\u001b[';
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

let terminal: TerminalService | undefined;
let taken: Server | undefined;
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
  taken?.close();
  taken = undefined;
  removeWorkspaces();
});

/** A port another program holds, as a second `kit run` finds 4173. */
async function takePort(host = '127.0.0.1'): Promise<number> {
  taken = createServer().listen(0, host);
  await once(taken, 'listening');
  return (taken.address() as { port: number }).port;
}

/** `kit run` at a terminal, once its start-up block is on the screen. */
async function runAtTerminal(args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  terminal = startInTerminal(copySample('shop'), args, env);
  await expect.poll(terminal.text, { timeout: 20_000 }).toMatch(/press Ctrl\+C to stop\n|kit run: .*\n/);
  return { terminal, elapsed: performance.now() - started };
}

test('a taken port: kit run takes the next free one and says so in one start-up block, coloured and aligned as Vite lays it out', async () => {
  const port = await takePort();
  const { terminal, elapsed } = await runAtTerminal(['--port', String(port)]);
  const text = terminal.text();
  const block = /^\n {2}kit v(\S+) {2}ready in (\d+) ms\n {2}port (\d+) is in use, using (\d+)\n\n {2}➜ {2}Local: {3}(http:\/\/127\.0\.0\.1:(\d+)\/)\n {2}➜ {2}Preview: (\S+)\n {2}➜ {2}press Ctrl\+C to stop\n/.exec(text);
  expect(block, text).not.toBeNull();
  const [, version, ms, was, now, local, localPort, preview] = block!;
  expect(version).toBe(VERSION);
  // From the process's start to listening: within what the test saw from spawning it to the block.
  expect(Number(ms)).toBeGreaterThan(0);
  expect(Number(ms)).toBeLessThan(elapsed);
  expect(Number(was)).toBe(port);
  expect(Number(now)).toBeGreaterThan(port);
  expect(localPort).toBe(now);
  expect(preview).toBe(`${local}preview/`);
  // The address once, in the block: no bare address line beside it.
  expect(text).not.toMatch(/^http:\/\/\S+$/m);
  expect(await fetch(new URL('/state', local)).then((r) => r.status)).toBe(200);
  // Colour as Vite's: a green arrow, a bold label, a cyan address with its port in bold.
  const screen = terminal.screen();
  expect(screen).toContain(`${ESC}32m➜${ESC}39m  ${ESC}1mLocal${ESC}22m:   ${ESC}36mhttp://127.0.0.1:${ESC}1m${now}${ESC}22m/${ESC}39m`);
  expect(screen).toContain(`${ESC}33mport ${port} is in use, using ${now}${ESC}39m`);
});

test('with NO_COLOR the block is plain, and an explicit --port that is free is used as given', async () => {
  const port = await takePort();
  taken!.close();
  await once(taken!, 'close');
  const { terminal } = await runAtTerminal(['--port', String(port)], { NO_COLOR: '1' });
  expect(terminal.screen()).not.toContain(ESC);
  expect(terminal.text()).toContain(`  ➜  Local:   http://127.0.0.1:${port}/\n`);
  expect(terminal.text()).not.toContain('is in use');
});

test('--strict-port on a taken port refuses as before: one line, exit 1', async () => {
  const port = await takePort();
  const { terminal } = await runAtTerminal(['--port', String(port), '--strict-port']);
  const [code] = terminal.process.exitCode === null ? await once(terminal.process, 'exit') : [terminal.process.exitCode];
  expect(code).toBe(1);
  expect(terminal.text().trim()).toBe(`kit run: port ${port} on 127.0.0.1 is in use (another kit run?); pass --port <another>, or --port 0 for any free port`);
});

test('the network addresses show only when --host opens the service to the network', async () => {
  const loopback = await runAtTerminal(['--port', '0']);
  expect(loopback.terminal.text()).not.toContain('Network:');
  await loopback.terminal.close();

  const open = await runAtTerminal(['--port', '0', '--host', '0.0.0.0']);
  const text = open.terminal.text();
  const port = /Local: {3}http:\/\/127\.0\.0\.1:(\d+)\//.exec(text)?.[1];
  expect(port, text).toBeDefined();
  const external = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal && i.family === 'IPv4');
  for (const { address } of external) expect(text).toContain(`  ➜  Network: http://${address}:${port}/\n`);
  expect(text).toMatch(/Network: [^\n]+\n {2}➜ {2}Preview: http:\/\/127\.0\.0\.1:\d+\/preview\/\n/);
});

test('a bare --host opens the service to the network: Local on loopback, a Network line per address, as Vite prints them', async () => {
  const { terminal } = await runAtTerminal(['--port', '0', '--host']);
  const text = terminal.text();
  const port = /Local: {3}http:\/\/127\.0\.0\.1:(\d+)\//.exec(text)?.[1];
  expect(port, text).toBeDefined();
  const external = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal && i.family === 'IPv4');
  for (const { address } of external) expect(text).toContain(`  ➜  Network: http://${address}:${port}/\n`);
  // A machine with no network address still hears where the service listens.
  if (!external.length) expect(text).toContain('  ➜  Network: every interface (0.0.0.0); this machine has no network address now\n');
  expect(text).toMatch(/Network: [^\n]+\n {2}➜ {2}Preview: http:\/\/127\.0\.0\.1:\d+\/preview\/\n/);
});

test('--log-level silent at a terminal still shows the address, on a line of its own', async () => {
  terminal = startInTerminal(copySample('shop'), ['--port', '0', '--log-level', 'silent']);
  await expect.poll(terminal.text, { timeout: 20_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\n$/);
});
