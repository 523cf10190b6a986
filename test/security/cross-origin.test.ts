import { createServer, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { DEV, PROD, startTestServer, type TestServer } from '../helpers/server.js';
import { copySample, removeWorkspaces } from '../helpers/workspace.js';

let server: TestServer;
let browser: Browser;
let other: Server;

beforeAll(async () => {
  // HOST and NODE_ENV must not widen the listener.
  server = await startTestServer(copySample('shop'), { env: { HOST: '0.0.0.0', NODE_ENV: 'production' } });
  browser = await launchChromium();
  other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>another site</title>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  other?.close();
  await browser?.close();
  await server?.close();
  removeWorkspaces();
});

test('the service listens on loopback whatever HOST or NODE_ENV say', async () => {
  expect(new URL(server.url).hostname).toBe('127.0.0.1');
  const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
  if (external) {
    await expect(fetch(`http://${external.address}:${new URL(server.url).port}/state`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
  }
});

test.each(['http://evil.example', 'null'])('Origin: %s gets no CORS header on development outputs, reports and events', async (origin) => {
  for (const path of [`/m/@shop/ui@0.1.0/modules/button?${DEV}`, '/state', '/preview/entry.json', '/events']) {
    const controller = new AbortController();
    const response = await fetch(new URL(path, server.url), { headers: { Origin: origin }, signal: controller.signal });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    controller.abort();
  }
});

test('a page of another port cannot read a development output or the events, nor change the selection; it can load production outputs', async () => {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(other.address() as { port: number }).port}/`);
  const result = await page.evaluate(async ({ base, dev, prod }) => {
    const attempt = async (run: () => Promise<unknown>) => {
      try {
        return await run();
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    };
    const events = await new Promise<string>((resolve) => {
      const source = new EventSource(`${base}events`);
      source.onmessage = () => resolve('read');
      source.addEventListener('subscribed', () => resolve('read'));
      source.onerror = () => {
        source.close();
        resolve('refused');
      };
    });
    return {
      devOutput: await attempt(() => fetch(`${base}m/@shop/ui@0.1.0/modules/button?${dev}`).then((r) => r.text())),
      state: await attempt(() => fetch(`${base}state`).then((r) => r.text())),
      selection: await attempt(() => fetch(`${base}development/selection`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"packages":[]}' }).then((r) => r.status)),
      noCorsScript: await new Promise<string>((resolve) => {
        const script = document.createElement('script');
        script.type = 'module';
        script.src = `${base}m/@shop/util@0.1.0/modules/format?${dev}`;
        script.onload = () => resolve('ran');
        script.onerror = () => resolve('refused');
        document.head.append(script);
      }),
      events,
      production: await attempt(() => fetch(`${base}m/@shop/util@0.1.0/modules/format?${prod}`).then((r) => r.status)),
    };
  }, { base: server.url, dev: DEV, prod: PROD });
  expect(result.devOutput).toMatch(/^refused/);
  expect(result.state).toMatch(/^refused/);
  expect(result.selection).toMatch(/^refused/);
  expect(result.noCorsScript).toBe('refused');
  expect(result.events).toBe('refused');
  expect(result.production).toBe(200);
  const selection = (await (await fetch(new URL('/development/selection', server.url))).json()) as { explicit: boolean };
  expect(selection.explicit).toBe(false);
  await page.close();
});
