import { afterAll, expect, test } from 'vitest';
import { openEvents } from '../helpers/events.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { pkg, removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

// A page's state is read at one moment, and its event stream opens later, once its scripts ran:
// a build announced in between is asked for with the page's cursor (`/events?since=`), so a
// page loading during an edit still hears of it.

let server: TestServer | undefined;

afterAll(async () => {
  await server?.close();
  removeWorkspaces();
});

/** The kinds of events a stream opened at `path` sends, up to `subscribed`. */
async function opening(url: string, path: string): Promise<string[]> {
  const controller = new AbortController();
  const response = await fetch(new URL(path, url), { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!/^event: subscribed$/m.test(text)) text += decoder.decode((await reader.read()).value, { stream: true });
  controller.abort();
  return [...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
}

test('a build announced after a page was made, before its event stream opened, reaches that stream', async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/app'] },
    'package.json': { name: 'since-ws', private: true },
    'tsconfig.json': { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true }, include: ['packages'] },
    'packages/app/package.json': pkg('@since/app', { kit: { modules: '.', bundler: 'ts' } }),
    'packages/app/main/module.json': { platforms: ['web'], entry: 'index.ts' },
    'packages/app/main/index.ts': 'export const greeting: string = "hello";\n',
  });
  server = await startTestServer(dir);
  // Judged first: the page is then made from the builds (a page sent before them hears their own announcement too).
  expect((await fetch(new URL('/preview/entry.json', server.url))).status).toBe(200);
  const page = await (await fetch(new URL('/preview/', server.url), { headers: { accept: 'text/html' } })).text();
  const state = JSON.parse(/<script[^>]*id="kit-preview"[^>]*>([\s\S]*?)<\/script>/.exec(page)![1]) as { cursor: number };
  expect(Number.isInteger(state.cursor)).toBe(true);

  const watching = await openEvents(server.url);
  writeFiles(dir, { 'packages/app/main/index.ts': 'export const greeting: string = "hello again";\n' });
  await watching.built('@since/app@0.1.0/main');
  watching.close();

  // Opened from the page's cursor, the stream starts with the announcements the page missed: the code's hot update, then the build.
  expect(await opening(server.url, `/events?since=${state.cursor}`)).toEqual(['hot.update', 'build.ended', 'subscribed']);
  // Opened with no cursor, it starts now.
  expect(await opening(server.url, '/events')).toEqual(['subscribed']);
});
