import { afterAll, expect, test } from 'vitest';
import { loadWorkspace, readPageTemplate, renderPage } from '../../lib/compiler/index.js';
import { pkg, writeWorkspace, removeWorkspaces } from '../helpers/workspace.js';

/** The template of a workspace whose root page is `html` (with `files` beside it). */
function templateOf(html: string, files: Record<string, string | object> = {}) {
  const workspace = loadWorkspace(writeWorkspace({ 'kit.json': { packages: Object.keys(files).length ? ['packages/app'] : [] }, 'index.html': html, ...files }));
  return { workspace, template: readPageTemplate(workspace, workspace.pages[0]) };
}


afterAll(removeWorkspaces);

const parts = { importmap: { imports: { '@a/app/main': './m/main.js' } }, styles: [], preloads: [{ href: './m/main.js' }], entry: '@a/app/main' };

test.each([
  ['an inline import', "<script type=\"module\">\n  import '@a/app/main';\n</script>", { specifier: '@a/app/main', line: 4, column: 11 }],
  ['a src', '<script type=module src="@a/app/main"></script>', { specifier: '@a/app/main', line: 3, column: 26 }],
  ['a path that names no file', '<script type="module" src="/src/main.ts"></script>', undefined],
  ['a classic script, which is not an entry', "<script>import('@a/app/main')</script>", undefined],
])('the entry a template names by %s', async (_, script, entry) => {
  expect(templateOf(`<!doctype html>\n<body>\n${script}\n</body>\n`).template?.entry).toEqual(entry);
});

test("a path names the source file it leads to as the page's entry, a module of its package, and the page imports it in the script's place", () => {
  const html = '<!doctype html>\n<html><head><title>app</title></head>\n<body>\n  <div id="root"></div>\n  <script type="module" src="/packages/app/src/main.ts"></script>\n</body></html>\n';
  const { workspace, template } = templateOf(html, { 'packages/app/package.json': pkg('@a/app'), 'packages/app/src/main.ts': 'export {};\n' });
  expect(workspace.modules.map((m) => [m.specifier, m.platforms])).toEqual([['@a/app/src/main', ['web']]]);
  expect(template?.entry).toEqual({ specifier: '@a/app/src/main', line: 5, column: 30 });
  const page = renderPage(template!, { ...parts, importmap: { imports: { '@a/app/src/main': './m/main.js' } } });
  expect(page).toContain('  <script type="module">import "@a/app/src/main";</script>\n</body>');
  expect(page).not.toContain('src="/packages/app/src/main.ts"');
});

test('a path that names no source file of a package is PREVIEW_ENTRY_NOT_FOUND at its line', () => {
  const { workspace } = templateOf('<!doctype html>\n<body>\n<script type="module" src="/src/missing.tsx"></script>\n</body>\n');
  expect(workspace.diagnostics).toEqual([expect.objectContaining({ code: 'PREVIEW_ENTRY_NOT_FOUND', file: 'index.html', line: 3, column: 28, message: expect.stringContaining('"/src/missing.tsx", which is no such file') })]);
});

test("a template without <head> gets one: the import map comes before the template's own module script", async () => {
  const html = renderPage(templateOf('<!doctype html><html><body><script type="module" src="/packages/app/main/index.ts"></script></body></html>\n').template!, parts);
  expect(html.indexOf('type="importmap"')).toBeGreaterThan(-1);
  expect(html.indexOf('type="importmap"')).toBeLessThan(html.indexOf('type="module"'));
  expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('<body>'));
  // It names no bare entry: kit's module script imports it.
  expect(html).toContain("<script type=\"module\">import \"@a/app/main\";</script>\n</body>");
});

test('a template that names its entry gets no second entry script, and keeps its markup', async () => {
  const html = renderPage(templateOf('<!doctype html>\n<html data-x="1">\n  <head>\n    <title>Mine</title>\n  </head>\n  <body>\n    <div id="app"></div>\n    <script type="module">import \'@a/app/main\';</script>\n  </body>\n</html>\n').template!, parts);
  expect(html.match(/@a\/app\/main';/g)).toHaveLength(1);
  expect(html).toContain('<html data-x="1">');
  expect(html).toContain('<div id="app"></div>');
  // The map after the template's title (its charset stays in the page's first bytes), before kit's preload.
  expect(html).toMatch(/ {4}<title>Mine<\/title>\n {4}<script type="importmap">[^]*?<\/script>\n {4}<link rel="modulepreload" href=".\/m\/main.js">\n {2}<\/head>/);
});

test("the import map comes after the template's <meta charset> and before its first script or link", async () => {
  const html = renderPage(templateOf('<!doctype html>\n<html>\n  <head>\n    <meta charset="utf-8">\n    <link rel="stylesheet" href="/site.css">\n    <script type="module" src="/analytics.js"></script>\n  </head>\n  <body></body>\n</html>\n').template!, parts);
  expect(html.indexOf('<meta charset="utf-8">')).toBeLessThan(html.indexOf('type="importmap"'));
  expect(html.indexOf('type="importmap"')).toBeLessThan(html.indexOf('href="/site.css"'));
});
