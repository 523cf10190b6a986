import { pc } from './output.js';

/**
 * A Markdown section of kit's docs as a terminal shows it: code spans in colour without
 * their backticks, bold without asterisks, fenced code indented, links as their text and
 * address, the `Example:` and `Fix:` labels set off. Only what docs/errors.md uses.
 */
export function renderMarkdown(text: string): string {
  let fenced = false;
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    lines.push(fenced ? `    ${pc.cyan(line)}` : renderInline(line));
  }
  return lines.join('\n');
}

function renderInline(line: string): string {
  return line
    .replace(/^(#+)\s+(.*)$/, (_m, _h, title: string) => pc.bold(title))
    .replace(/^(Example|Fix):/, (label) => pc.bold(label))
    .replace(/`([^`]+)`/g, (_m, code: string) => pc.cyan(code))
    .replace(/\*\*([^*]+)\*\*/g, (_m, strong: string) => pc.bold(strong))
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_m, label: string, href: string) => `${label} (${pc.underline(href)})`);
}
