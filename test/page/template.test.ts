import { afterAll, expect, test } from 'vitest';
import { readPageTemplate, renderPage } from '../../lib/compiler/index.js';
import { writeWorkspace, removeWorkspaces } from '../helpers/workspace.js';


afterAll(removeWorkspaces);

const parts = { importmap: { imports: { '@a/app/main': './m/main.js' } }, styles: [], preloads: [{ href: './m/main.js' }], entry: '@a/app/main' };

test.each([
  ['an inline import', "<script type=\"module\">\n  import '@a/app/main';\n</script>", { specifier: '@a/app/main', line: 4, column: 11 }],
  ['a src', '<script type=module src="@a/app/main"></script>', { specifier: '@a/app/main', line: 3, column: 26 }],
  ['a path, which is not an entry', '<script type="module" src="/src/main.ts"></script>', undefined],
  ['a classic script, which is not an entry', "<script>import('@a/app/main')</script>", undefined],
])('the entry a template names by %s', async (_, script, entry) => {
  const root = writeWorkspace({ 'index.html': `<!doctype html>\n<body>\n${script}\n</body>\n` });
  expect((await readPageTemplate(root))?.entry).toEqual(entry);
});

test("a template without <head> gets one: the import map comes before the template's own module script", async () => {
  const root = writeWorkspace({ 'index.html': '<!doctype html><html><body><script type="module" src="/packages/app/main/index.ts"></script></body></html>\n' });
  const html = renderPage((await readPageTemplate(root))!, parts);
  expect(html.indexOf('type="importmap"')).toBeGreaterThan(-1);
  expect(html.indexOf('type="importmap"')).toBeLessThan(html.indexOf('type="module"'));
  expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('<body>'));
  // It names no bare entry: kit's module script imports it.
  expect(html).toContain("<script type=\"module\">import \"@a/app/main\";</script>\n</body>");
});

test('a template that names its entry gets no second entry script, and keeps its markup', async () => {
  const root = writeWorkspace({ 'index.html': '<!doctype html>\n<html data-x="1">\n  <head>\n    <title>Mine</title>\n  </head>\n  <body>\n    <div id="app"></div>\n    <script type="module">import \'@a/app/main\';</script>\n  </body>\n</html>\n' });
  const html = renderPage((await readPageTemplate(root))!, parts);
  expect(html.match(/@a\/app\/main';/g)).toHaveLength(1);
  expect(html).toContain('<html data-x="1">');
  expect(html).toContain('<div id="app"></div>');
  // The map after the template's title (its charset stays in the page's first bytes), before kit's preload.
  expect(html).toMatch(/ {4}<title>Mine<\/title>\n {4}<script type="importmap">[^]*?<\/script>\n {4}<link rel="modulepreload" href=".\/m\/main.js">\n {2}<\/head>/);
});

test("the import map comes after the template's <meta charset> and before its first script or link", async () => {
  const root = writeWorkspace({ 'index.html': '<!doctype html>\n<html>\n  <head>\n    <meta charset="utf-8">\n    <link rel="stylesheet" href="/site.css">\n    <script type="module" src="/analytics.js"></script>\n  </head>\n  <body></body>\n</html>\n' });
  const html = renderPage((await readPageTemplate(root))!, parts);
  expect(html.indexOf('<meta charset="utf-8">')).toBeLessThan(html.indexOf('type="importmap"'));
  expect(html.indexOf('type="importmap"')).toBeLessThan(html.indexOf('href="/site.css"'));
});
