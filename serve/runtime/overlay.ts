import type { Diagnostic } from '../../compiler/diagnostics.js';

export type { Diagnostic };

const ID = 'kit-overlay';

/** Shows the diagnostics over the page (file, line, code, message); replaces an earlier overlay. */
export function showOverlay(diagnostics: Diagnostic[]): void {
  hideOverlay();
  if (diagnostics.length === 0) return;
  const host = document.createElement('kit-overlay');
  host.id = ID;
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = `
    :host { position: fixed; inset: auto 0 0 0; z-index: 2147483647; max-height: 50vh; overflow: auto;
      background: #1e1e1e; color: #eee; font: 13px/1.5 ui-monospace, monospace; border-top: 3px solid #e5484d; }
    h2 { margin: 0; padding: 8px 12px; font-size: 13px; color: #ff8a8a; }
    li { padding: 4px 12px; list-style: none; white-space: pre-wrap; }
    .where { color: #8ab4f8; } .code { color: #ff8a8a; font-weight: bold; }`;
  const title = document.createElement('h2');
  title.textContent = 'kit: the build failed; the page keeps its last good style';
  const list = document.createElement('ul');
  list.style.margin = '0';
  list.style.padding = '0 0 8px';
  for (const d of diagnostics) {
    const item = document.createElement('li');
    const where = document.createElement('span');
    where.className = 'where';
    where.textContent = d.file ? `${d.file}:${d.line ?? 1}:${d.column ?? 1} ` : '';
    const code = document.createElement('span');
    code.className = 'code';
    code.textContent = d.code;
    item.append(where, code, ` ${d.message}`);
    list.append(item);
  }
  root.append(style, title, list);
  document.documentElement.append(host);
}

export function hideOverlay(): void {
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
