import type { Diagnostic } from '../../compiler/diagnostics.js';

export type { Diagnostic };

const ID = 'kit-overlay';

type Kind = 'syntax error' | 'type error' | 'stylesheet' | 'manifest' | 'dependency' | 'build error' | 'runtime error';

/** A parser's words for code it cannot read (rolldown's, esbuild's). */
const PARSE_FAILURE = /^(Unexpected|Expected|Unterminated|Invalid character|Syntax error)/i;

/** What kind of failure a diagnostic reports, for the overlay's headline. */
function kindOf(d: Diagnostic): Kind {
  // TypeScript numbers its syntax errors from 1000 to 1999.
  if (d.code === 'RUNTIME_ERROR') return 'runtime error';
  if (/^TS1\d{3}$/.test(d.code) || (d.code === 'BUNDLE_ERROR' && PARSE_FAILURE.test(d.message))) return 'syntax error';
  if (/^TS\d+$/.test(d.code)) return 'type error';
  if (d.file?.endsWith('.css')) return 'stylesheet';
  if (d.code === 'MANIFEST_INVALID') return 'manifest';
  if (/^(DEPENDENCY_|PREVIEW_(VERSION|CDN|BUILTIN))/.test(d.code)) return 'dependency';
  return 'build error';
}

const HEADLINES: Record<Kind, string> = {
  'syntax error': 'a syntax error',
  'type error': 'a type error',
  stylesheet: 'a stylesheet does not build',
  manifest: 'a manifest is invalid',
  dependency: 'a dependency cannot be resolved',
  'build error': 'a module does not build',
  'runtime error': 'the page threw an error',
};

/** "kit: a type error and a stylesheet does not build", plus what the page still shows. */
function headline(diagnostics: Diagnostic[]): string {
  const kinds = [...new Set(diagnostics.map(kindOf))];
  const said = kinds.map((k) => HEADLINES[k]);
  const what = said.length > 1 ? `${said.slice(0, -1).join(', ')} and ${said[said.length - 1]}` : said[0];
  return kinds.length === 1 && kinds[0] === 'stylesheet' ? `kit: ${what}; the page keeps its last good style` : `kit: ${what}`;
}

/** The code frame under a diagnostic, from the service (only positions of current diagnostics). */
async function frameOf(d: Diagnostic): Promise<string | undefined> {
  if (!d.file || !d.line) return undefined;
  const query = new URLSearchParams({ file: d.file, line: String(d.line), ...(d.column ? { column: String(d.column) } : {}) });
  const response = await fetch(`/preview/@kit/frame?${query}`).catch(() => undefined);
  if (!response?.ok) return undefined;
  return ((await response.json()) as { frame: string | null }).frame ?? undefined;
}

/** Asks the service to open a diagnostic's file at its line in the user's editor. */
function openInEditor(d: Diagnostic): void {
  const position = { file: d.file, line: d.line, column: d.column };
  void fetch('/preview/@kit/open-in-editor', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(position) }).catch(() => undefined);
}

/** A diagnostic's `file:line:column`: a link that opens the file in the editor. */
function whereOf(d: Diagnostic): HTMLElement {
  if (!d.file) return document.createElement('span');
  const where = document.createElement('a');
  where.className = 'where';
  where.href = '#';
  where.title = 'Open in your editor';
  where.textContent = `${d.file}:${d.line ?? 1}:${d.column ?? 1}`;
  where.addEventListener('click', (event) => {
    event.preventDefault();
    openInEditor(d);
  });
  return where;
}

/** Closes the overlay on Escape, or on a click outside it; the next diagnostics bring it back. */
const closeOnEscape = (event: KeyboardEvent) => {
  if (event.key === 'Escape') hideOverlay();
};
const closeOnClickOutside = (event: MouseEvent) => {
  if (!event.composedPath().some((node) => node instanceof Element && node.id === ID)) hideOverlay();
};

/** Shows the diagnostics over the page (file, line, code, message, code frame); replaces an earlier overlay. */
export function showOverlay(diagnostics: Diagnostic[]): void {
  hideOverlay();
  if (diagnostics.length === 0) return;
  const host = document.createElement('kit-overlay');
  host.id = ID;
  document.addEventListener('keydown', closeOnEscape);
  document.addEventListener('click', closeOnClickOutside, true);
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = `
    :host { position: fixed; inset: auto 0 0 0; z-index: 2147483647; max-height: 60vh; overflow: auto;
      background: #1e1e1e; color: #eee; font: 13px/1.5 ui-monospace, monospace; border-top: 3px solid #e5484d; }
    h2 { margin: 0; padding: 8px 12px; font-size: 13px; color: #ff8a8a; }
    li { padding: 4px 12px; list-style: none; white-space: pre-wrap; }
    pre { margin: 4px 0 0; padding: 6px 8px; background: #111; color: #ccc; overflow-x: auto; }
    .where { color: #8ab4f8; text-decoration: none; cursor: pointer; } .where:hover { text-decoration: underline; } .code { color: #ff8a8a; font-weight: bold; }
    button { position: absolute; top: 4px; right: 8px; background: none; border: 0; color: #eee; font: 16px system-ui; cursor: pointer; }`;
  const close = document.createElement('button');
  close.type = 'button';
  close.title = 'Close (Escape)';
  close.textContent = '×';
  close.addEventListener('click', hideOverlay);
  const title = document.createElement('h2');
  title.textContent = headline(diagnostics);
  const list = document.createElement('ul');
  list.style.margin = '0';
  list.style.padding = '0 0 8px';
  for (const d of diagnostics) {
    const item = document.createElement('li');
    const code = document.createElement('span');
    code.className = 'code';
    code.textContent = d.code;
    item.append(whereOf(d), d.file ? ' ' : '', code, ` ${d.message}`);
    list.append(item);
    void frameOf(d).then((frame) => {
      if (!frame) return;
      const pre = document.createElement('pre');
      pre.className = 'frame';
      pre.textContent = frame;
      item.append(pre);
    });
  }
  root.append(style, close, title, list);
  document.documentElement.append(host);
}

export function hideOverlay(): void {
  document.removeEventListener('keydown', closeOnEscape);
  document.removeEventListener('click', closeOnClickOutside, true);
  document.getElementById(ID)?.remove();
}

/** A quiet notice that code changed and a reload applies it (code is never swapped live). */
export function showReloadNotice(): void {
  if (document.getElementById('kit-reload')) return;
  const notice = document.createElement('kit-reload');
  notice.id = 'kit-reload';
  notice.textContent = 'kit: code changed, reload to apply';
  notice.setAttribute('style', 'position:fixed;top:8px;right:8px;z-index:2147483647;padding:6px 10px;border-radius:6px;background:#111;color:#fff;font:12px system-ui;cursor:pointer');
  notice.addEventListener('click', () => location.reload());
  document.documentElement.append(notice);
}
