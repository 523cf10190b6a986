import { afterAll, expect, test } from 'vitest';
import { closeCheckers, compileAll, Compiler, directoryListings, judgedOptions, loadWorkspace, planPreview, readSelection, writtenPlanner } from '../../lib/compiler/index.js';
import { copySample, pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';
import { createInProcessService } from '../serve/in-process-service.js';

afterAll(removeWorkspaces);

const BROWSER = { accept: 'text/html,application/xhtml+xml' };

/** What a browser loads of a page: its import map, stylesheet links and module preloads, in order. */
function loadedParts(html: string): string[] {
  const importmap = /<script type="importmap">([^]*?)<\/script>/.exec(html)?.[1] ?? '';
  const links = [...html.matchAll(/<link rel="(?:stylesheet|modulepreload)"[^>]*>/g)].map((m) => m[0]);
  return [importmap, ...links];
}

/** The modules the page's state names as not built yet. */
function pendingModules(html: string): string[] {
  const state = JSON.parse(/<script type="application\/json" id="kit-preview">([^]*?)<\/script>/.exec(html)![1]) as { modules: Record<string, { pending?: boolean }> };
  return Object.entries(state.modules).flatMap(([vspecifier, m]) => (m.pending ? [vspecifier] : []));
}

// Each sample's page planned from what the sources import loads what the page planned from
// the builds loads: the same import map (installed packages, the JSX runtime), the same
// stylesheets in the same order, the same preloads.
test.each([
  ['react-app', undefined],
  ['styled', undefined],
  ['design-system', undefined],
  ['pnpm', undefined],
  ['shadcn-monorepo', 'apps/web'],
  ['turborepo', 'apps/web'],
  ['turborepo', 'apps/docs'],
  ['component-library', 'apps/demo'],
])('the page of %s (%s) planned from its sources is the page planned from its builds', async (name, page) => {
  const workspace = loadWorkspace(copySample(name, { insideRepo: true }));
  const compiler = new Compiler();
  try {
    const request = { selection: readSelection(workspace), page };
    const written = await planPreview(compiler, workspace, { ...request, builds: new Map(), written: writtenPlanner(workspace, directoryListings()) });
    const builds = await compileAll(compiler, workspace, workspace.modules, judgedOptions, { concurrency: 4 });
    const judged = await planPreview(compiler, workspace, { ...request, builds });
    if (!written.ok || !judged.ok) throw new Error('no page');
    expect(judged.plan.modules.length).toBeGreaterThan(0);
    const loaded = ({ plan }: typeof judged) => ({ importmap: plan.importmap, styles: plan.styles, preloads: plan.preloads });
    expect(loaded(written)).toEqual(loaded(judged));
  } finally {
    await closeCheckers();
  }
});

test("a page asked for while its `ts` module waits for TypeScript 7's verdict is sent first, the module pending; once judged, the same page with none pending", async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'packages/app/package.json': pkg('@p/app', { exports: { './main': './main/index.ts' }, kit: { bundler: 'ts' } }),
    'packages/app/main/index.ts': "import './app.css';\nimport { greet } from './greet';\ndocument.body.textContent = greet('page');\n",
    'packages/app/main/greet.ts': 'export const greet = (name: string): string => `hello ${name}`;\n',
    'packages/app/main/app.css': 'body { color: teal; }\n',
    'index.html': "<!doctype html>\n<html><body><script type=\"module\">import '@p/app/main';</script></body></html>\n",
  });
  const service = createInProcessService(dir);
  try {
    const sent = await (await service.request('/preview/', { headers: BROWSER })).text();
    expect(pendingModules(sent)).toEqual(['@p/app@0.1.0/main']);
    expect((await service.request('/preview/entry.json')).status).toBe(200);
    const judged = await (await service.request('/preview/', { headers: BROWSER })).text();
    expect(pendingModules(judged)).toEqual([]);
    expect(loadedParts(sent)).toEqual(loadedParts(judged));
    expect(loadedParts(sent).join('\n')).toContain('data-kit-styles="@p/app@0.1.0/main"');
  } finally {
    await service.close();
  }
});

test('a page whose sources do not show what the build imports (a stylesheet through a tsconfig `paths` alias) is told to load again once judged', async () => {
  const dir = writeWorkspace({
    'kit.json': { packages: ['packages/*'] },
    'tsconfig.json': { compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', paths: { '@/*': ['./packages/app/main/*'] } } },
    'packages/app/package.json': pkg('@p/app', { exports: { './main': './main/index.ts' }, kit: { bundler: 'ts' } }),
    'packages/app/main/index.ts': "import '@/app.css';\ndocument.body.textContent = 'styled';\n",
    'packages/app/main/app.css': 'body { color: teal; }\n',
    'index.html': "<!doctype html>\n<html><body><script type=\"module\">import '@p/app/main';</script></body></html>\n",
  });
  const service = createInProcessService(dir);
  try {
    const cursor = service.context.channel.cursor;
    const sent = await (await service.request('/preview/', { headers: BROWSER })).text();
    expect(pendingModules(sent)).toEqual(['@p/app@0.1.0/main']);
    expect(loadedParts(sent).join('\n')).not.toContain('data-kit-styles');
    expect((await service.request('/preview/entry.json')).status).toBe(200);
    await expect.poll(() => service.context.channel.since(cursor)?.filter((e) => e.type === 'page.changed').map((e) => e.data)).toEqual([{ reason: 'imports' }]);
    const judged = await (await service.request('/preview/', { headers: BROWSER })).text();
    expect(loadedParts(judged).join('\n')).toContain('data-kit-styles="@p/app@0.1.0/main"');
  } finally {
    await service.close();
  }
});
