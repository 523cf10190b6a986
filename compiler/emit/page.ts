import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleBuild } from '../compile.js';
import type { ImportMap } from './importmap.js';
import { findModule, type ModuleInfo, type Workspace } from '../workspace/model.js';

/** The application's page of a static emit, or why there is none. */
export type ProductionPage = { ok: true; html: string; entry: ModuleInfo } | { ok: false; reason: string };

const DEFAULT_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{title}}</title>
  </head>
  <body>
  </body>
</html>
`;

/**
 * `dist/index.html`: the preview page's production twin. The import map inline, a link to
 * each stylesheet of the modules the entry reaches (in the order the preview links them),
 * and a module script importing the entry; no development runtime. The entry is the one
 * browser module no other module imports. A page kept at the workspace's root
 * (`index.html`) is the template: the map and links go before its `</head>`, the entry
 * before its `</body>`, as Vite fills its own.
 */
export function renderProductionPage(workspace: Workspace, builds: Map<ModuleInfo, ModuleBuild>, importmap: ImportMap, styleFile: (module: ModuleInfo) => string): ProductionPage {
  const browser = workspace.modules.filter((m) => m.platforms.includes('web'));
  const imported = new Set(browser.flatMap((m) => (builds.get(m)?.imports ?? []).filter((s) => s !== m.specifier)));
  const candidates = browser.filter((m) => !imported.has(m.specifier));
  if (candidates.length !== 1) {
    const names = candidates.map((m) => m.specifier).join(', ') || 'none';
    return { ok: false, reason: `no dist/index.html: the page needs one entry, the browser module no other imports, and the candidates are ${names}` };
  }
  const [entry] = candidates;
  const links = reachedStylesheets(workspace, builds, entry).map((m) => `    <link rel="stylesheet" href="./${styleFile(m)}">`);
  const head = [`    <script type="importmap">${inScript(JSON.stringify(importmap))}</script>`, ...links].join('\n');
  const body = `    <script type="module">import ${inScript(JSON.stringify(entry.specifier))};</script>`;
  const template = readTemplate(workspace.root).replace('{{title}}', escapeHtml(entry.specifier));
  return { ok: true, entry, html: insertBefore(insertBefore(template, '</head>', head), '</body>', body) };
}

/** The workspace's own page, or kit's. */
function readTemplate(root: string): string {
  try {
    return readFileSync(join(root, 'index.html'), 'utf8');
  } catch {
    return DEFAULT_TEMPLATE;
  }
}

/** The modules the entry reaches through bare imports that have a stylesheet, breadth first from the entry. */
function reachedStylesheets(workspace: Workspace, builds: Map<ModuleInfo, ModuleBuild>, entry: ModuleInfo): ModuleInfo[] {
  const queue = [entry];
  const seen = new Set<ModuleInfo>();
  const styled: ModuleInfo[] = [];
  for (let module = queue.shift(); module; module = queue.shift()) {
    if (seen.has(module)) continue;
    seen.add(module);
    const build = builds.get(module);
    if (build?.styles !== undefined) styled.push(module);
    for (const specifier of build?.imports ?? []) {
      const next = findModule(workspace, specifier);
      if (next) queue.push(next);
    }
  }
  return styled;
}

/** `text` as lines before the last `tag` of `html` (case aside), or at its end when there is none. */
function insertBefore(html: string, tag: string, text: string): string {
  const at = html.toLowerCase().lastIndexOf(tag);
  if (at < 0) return `${html}\n${text}\n`;
  // On the tag's own line when it stands alone there, so the page stays indented.
  const lineStart = html.lastIndexOf('\n', at) + 1;
  const where = html.slice(lineStart, at).trim() === '' ? lineStart : at;
  return `${html.slice(0, where)}${text}\n${html.slice(where)}`;
}

/** JSON inside a script element: `</script>` and `<!--` cannot close or confuse it. */
function inScript(json: string): string {
  return json.replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
