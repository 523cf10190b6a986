import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pc } from './output.js';

/** What a build lists, as Vite lists its outputs: the page, stylesheets, modules and installed chunks. */
const LISTED = /\.(html|css|js)$/;
/** More rows than a screen shows: the largest are listed, the rest summed. */
const MAX_ROWS = 30;
/** Vite's warning size for one chunk. */
const LARGE = 500 * 1024;

interface Row {
  file: string;
  bytes: number;
  gzip: number;
}

const COLOURS: Record<string, (text: string) => string> = { html: pc.green, css: pc.magenta, js: pc.cyan };
const ORDER = ['html', 'css', 'js'];

const extension = (file: string) => file.slice(file.lastIndexOf('.') + 1);
const kB = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;

/**
 * The emit's files as a table: each page, stylesheet and script with its size and gzip
 * size, aligned, grouped by kind and smallest first (so the largest end the list), the
 * largest script flagged, and the total. A large emit lists its largest files only.
 */
export function sizeTable(out: string, shownOut: string, written: readonly { file: string; bytes: number }[]): string {
  const rows: Row[] = written.filter((w) => LISTED.test(w.file)).map((w) => ({ ...w, gzip: gzipSync(readFileSync(join(out, w.file))).length }));
  if (!rows.length) return '';
  const shown = rows.length <= MAX_ROWS ? rows : [...rows].sort((a, b) => b.bytes - a.bytes).slice(0, MAX_ROWS);
  shown.sort((a, b) => ORDER.indexOf(extension(a.file)) - ORDER.indexOf(extension(b.file)) || a.bytes - b.bytes || a.file.localeCompare(b.file));
  const largest = rows.filter((r) => r.file.endsWith('.js')).reduce<Row | undefined>((max, r) => (!max || r.bytes > max.bytes ? r : max), undefined);
  const names = shown.map((r) => `${shownOut}/${r.file}`);
  const nameWidth = Math.max(...names.map((n) => n.length));
  const sizeWidth = Math.max(...shown.map((r) => kB(r.bytes).length));
  const gzipWidth = Math.max(...shown.map((r) => kB(r.gzip).length));
  const lines = shown.map((row, i) => {
    const name = names[i];
    const slash = name.lastIndexOf('/') + 1;
    const colour = COLOURS[extension(row.file)] ?? ((t: string) => t);
    const size = kB(row.bytes).padStart(sizeWidth);
    const flag = row === largest && rows.length > 1 ? ` ${pc.yellow('← largest')}` : '';
    return `${pc.dim(name.slice(0, slash))}${colour(name.slice(slash))}${' '.repeat(nameWidth - name.length)}  ${row.bytes > LARGE ? pc.yellow(size) : pc.bold(size)} ${pc.dim(`│ gzip: ${kB(row.gzip).padStart(gzipWidth)}`)}${flag}`;
  });
  const hidden = rows.length - shown.length;
  if (hidden) lines.push(pc.dim(`… and ${hidden} smaller file${hidden === 1 ? '' : 's'}`));
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  const totalGzip = rows.reduce((sum, r) => sum + r.gzip, 0);
  lines.push(`${pc.dim('total')} ${pc.bold(kB(total))} ${pc.dim(`│ gzip: ${kB(totalGzip)}`)} ${pc.dim(`(${rows.length} page, stylesheet and script file${rows.length === 1 ? '' : 's'})`)}`);
  const large = rows.filter((r) => r.bytes > LARGE);
  if (large.length) lines.push(`${pc.yellow('warning:')} ${large.length} file${large.length === 1 ? ' is' : 's are'} larger than 500 kB after minification; split them with lazy import() or into more modules`);
  return `${lines.join('\n')}\n`;
}
