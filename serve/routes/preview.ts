import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getQuery, type H3Event } from 'h3';
import { DEVELOPMENT, escapeHtml, formatOptions, inScript, KIT_HOME, minimalTemplate, planPreview, renderPage as renderTemplate, STATUS_BY_CODE, type Diagnostic, type PageRequest, type PlanResult, type PreviewPlan, type Workspace } from '../../compiler/index.js';
import { json, refuse, type Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';
import { requestHeader } from '../request.js';
import { currentSelection } from '../selection.js';

const HTML = 'text/html; charset=utf-8';
const ENTRIES_PAGE = readFileSync(join(KIT_HOME, 'templates', 'kit-web', 'preview', 'entries.html'), 'utf8');

/** The preview of the entry `?entry=` names (else the one the workspace's page names, or that stands out), every module judged first. */
async function planFor(ctx: ServiceContext, workspace: Workspace, event: H3Event): Promise<PlanResult> {
  const builds = await ctx.builds.judge(ctx.compiler, workspace, workspace.modules);
  return planPreview(ctx.compiler, workspace, { ...pageRequest(ctx, workspace, event), builds });
}

function pageRequest(ctx: ServiceContext, workspace: Workspace, event: H3Event): Omit<PageRequest, 'builds'> {
  const { entry, page } = getQuery(event);
  return { selection: currentSelection(ctx, workspace), cdnOrigin: ctx.options.cdnOrigin, requested: typeof entry === 'string' ? entry : undefined, page: typeof page === 'string' ? page : ctx.options.page };
}

/**
 * The page before the workspace is judged: the modules not judged yet are planned from what
 * their sources import (`writtenPlanner`), so the browser fetches and compiles modules while
 * the rest are built, each module's answer waiting for its own build. Once every module is
 * judged the page is planned again from the builds, and open pages are told to load again
 * (`page.changed`) in the rare case that plan differs: an import the sources do not show.
 * Undefined when every module was judged (the page is planned from the builds) or no entry is
 * settled (the chooser follows the builds).
 */
async function planPageFirst(ctx: ServiceContext, workspace: Workspace, event: H3Event): Promise<PlanResult | undefined> {
  if (workspace.modules.every((module) => ctx.builds.known(module.vspecifier))) return undefined;
  const request = pageRequest(ctx, workspace, event);
  const first = await planPreview(ctx.compiler, workspace, { ...request, builds: new Map(), written: ctx.builds.plannedImports(workspace) });
  if (!first.ok) return undefined;
  // Once the page is on its way: the builds' own work in this thread would hold it back. Its
  // modules' requests come after, and wait for the builds under way rather than make their own.
  const judging = new Promise<void>((started) => setImmediate(started)).then(() => ctx.builds.judge(ctx.compiler, workspace, workspace.modules));
  void judging
    .then(async (builds) => {
      const judged = await planPreview(ctx.compiler, workspace, { ...request, builds });
      // A module that failed imports nothing in its plan: the page shows why, and loads again once it is fixed.
      const failed = new Set([...builds].flatMap(([module, build]) => (build.status === 'invalid' ? [module.vspecifier] : [])));
      if (judged.ok && judged.plan.modules.some((m) => m.vspecifier && failed.has(m.vspecifier))) return;
      if (!judged.ok || !samePage(first.plan, judged.plan)) ctx.channel.publish('page.changed', { reason: 'imports' });
    })
    .catch((error: Error) => process.stderr.write(`kit: judging the workspace for the preview failed: ${error.message}\n`));
  return first;
}

/** What the browser loads of a page: its import map and preloads, in any order, and its stylesheets, in theirs. */
function samePage(sent: PreviewPlan, judged: PreviewPlan): boolean {
  const loaded = (plan: PreviewPlan) => JSON.stringify([Object.entries(plan.importmap.imports).sort(), [...plan.preloads].sort(), plan.styles]);
  return loaded(sent) === loaded(judged);
}

/**
 * `GET /preview/entry.json`: always 200, the plan of the preview (CONTRACT §4). When no
 * entry can be chosen, `entry` is null and the reason is a diagnostic.
 */
export async function answerEntryList(ctx: ServiceContext, event: H3Event): Promise<Answer> {
  const result = await planFor(ctx, ctx.loader.loadChecked(), event);
  const selection = result.ok ? result.plan.selection : result.selection;
  const common = {
    cdn: ctx.options.cdnOrigin ? { origin: ctx.options.cdnOrigin } : { reason: 'KIT_CDN_ORIGIN is not set' },
    selection: { explicit: selection.explicit, packages: selection.packages },
  };
  if (!result.ok) {
    return json({ entry: null, ...common, modules: [], importmap: { imports: {} }, diagnostics: [{ code: result.code, message: result.message }, ...result.diagnostics] });
  }
  const { plan } = result;
  return json({
    entry: plan.entry ? { specifier: plan.entry.specifier, vspecifier: plan.entry.vspecifier } : null,
    ...common,
    modules: plan.modules.map(({ vspecifier: _v, ...m }) => m),
    importmap: plan.importmap,
    diagnostics: plan.diagnostics,
  });
}

/** `GET /preview/`: the page that imports the entry and calls nothing, with the runtime and the styles. */
export async function answerPreviewPage(ctx: ServiceContext, event: H3Event): Promise<Answer> {
  const workspace = ctx.loader.loadChecked();
  const result = (wantsHtml(event) && (await planPageFirst(ctx, workspace, event))) || (await planFor(ctx, workspace, event));
  if (!result.ok && !wantsHtml(event)) return refuse(result.code, result.message, undefined, result.pages ? { pages: result.pages } : result.candidates ? { candidates: result.candidates } : undefined);
  // A code change reloads the page unless `--no-reload` or kit.json's `"reload": false` says to ask.
  if (result.ok) return { kind: 'text', body: renderPage(ctx, result.plan, ctx.options.reload !== false && workspace.reload), type: HTML, noStore: true };
  // A person gets a page: the candidates as links and the workspace's problems in the overlay.
  return { kind: 'text', body: renderEntriesPage(result, ctx.channel.cursor), type: HTML, status: STATUS_BY_CODE[result.code], noStore: true };
}

/** A browser navigating here, not a tool asking for the contract's JSON. */
function wantsHtml(event: H3Event): boolean {
  return /\btext\/html\b/.test(requestHeader(event, 'accept') ?? '');
}

function renderEntriesPage(result: Extract<PlanResult, { ok: false }>, cursor: number): string {
  const candidates = result.candidates ?? [];
  const pages = result.pages;
  const link = (query: string, value: string, text: string) => `      <li><a href="?${query}=${encodeURIComponent(value)}"><code>${escapeHtml(text)}</code></a></li>`;
  const links = pages
    ? pages.map((folder) => link('page', folder, `${folder ? `${folder}/` : ''}index.html`)).join('\n')
    : (candidates.length ? candidates : result.browserModules).map((c) => link('entry', c, c)).join('\n');
  const headline = pages ? (result.code === 'PREVIEW_ENTRY_NOT_FOUND' ? 'No such page' : 'Choose the page') : result.code === 'PREVIEW_ENTRY_NOT_FOUND' ? 'No such entry' : candidates.length ? 'Choose the entry of the preview' : 'No module can be the entry';
  const explanation = pages
    ? 'The workspace has an index.html in more than one app. Pick one, or link to /preview/?page=<folder> (kit run started in an app\'s folder serves that app\'s page).'
    : candidates.length
      ? 'More than one browser module is imported by no other module. Pick one, or link to /preview/?entry=<specifier>.'
      : `${result.message}. The browser modules of the workspace:`;
  // The page follows the workspace: any rebuild may settle which module is the entry.
  const state = { options: formatOptions(DEVELOPMENT), diagnostics: result.diagnostics, modules: {}, reloadOnBuild: true, cursor };
  const values: Record<string, string> = {
    runtime: '/preview/@kit/runtime.js',
    state: inScript(JSON.stringify(state)),
    headline: escapeHtml(headline),
    explanation: escapeHtml(explanation),
    links,
  };
  return ENTRIES_PAGE.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
}

/**
 * The application's page in development: the workspace's `index.html` (else kit's minimal
 * page) with the import map, the reached modules' stylesheets (marked for the live swap),
 * a preload of every module the entry reaches statically, and the development runtime.
 */
function renderPage(ctx: ServiceContext, plan: PreviewPlan, reload: boolean): string {
  // The modules this service serves in development, as the page got them: only these change live.
  const known: Record<string, { hash: string; styles?: string; diagnostics?: Diagnostic[]; pending?: true }> = {};
  for (const m of plan.modules) {
    if (!m.vspecifier || m.source !== 'environment') continue;
    const info = ctx.builds.known(m.vspecifier);
    // Not judged yet (a page sent first): the page learns its build from the first `build.ended` that names it.
    known[m.vspecifier] = !info ? { hash: '', pending: true } : info.status === 'valid' ? { hash: info.hash, styles: info.stylesHash } : { hash: '', diagnostics: info.diagnostics };
  }
  // The event log's cursor as the page's state was read: the runtime asks for what came after it.
  const state = { options: formatOptions(DEVELOPMENT), diagnostics: plan.diagnostics, modules: known, reload, cursor: ctx.channel.cursor };
  // The runtime before any script of the page's (hot updates register the modules as they load), React Fast Refresh's before React's.
  const react = plan.modules.some((m) => /^react-dom(\/|$)/.test(m.specifier));
  const first = [...(react ? [`<script type="module" src="/preview/@kit/react-refresh.js"></script>`] : []), `<script type="module" src="/preview/@kit/runtime.js"></script>`];
  const head = [`<script type="application/json" id="kit-preview">${inScript(JSON.stringify(state))}</script>`];
  const template = plan.template ?? minimalTemplate(plan.entry!.specifier);
  return renderTemplate(template, { importmap: plan.importmap, styles: plan.styles, preloads: plan.preloads.map((href) => ({ href })), head, first, entry: plan.entry?.specifier });
}
