// A custom bundler: a Markdown entry becomes an ES module exporting its HTML.
import { readFile } from 'node:fs/promises';
import { defineBundler } from '@kit-js/packages/sdk';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Headings, paragraphs, **strong**, *emphasis* and `code`: enough for short pages. */
function toHtml(markdown: string): string {
  const inline = (text: string) =>
    escape(text)
      .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
      .replace(/\*(.+?)\*/g, '<em>$1</em>')
      .replace(/`(.+?)`/g, '<code>$1</code>');
  return markdown
    .trim()
    .split(/\n{2,}/)
    .map((block) => {
      const heading = /^(#{1,6})\s+(.*)$/.exec(block);
      return heading ? `<h${heading[1].length}>${inline(heading[2])}</h${heading[1].length}>` : `<p>${inline(block.replace(/\n/g, ' '))}</p>`;
    })
    .join('\n');
}

export default defineBundler({
  name: 'markdown',
  async bundle({ module }) {
    const html = toHtml(await readFile(module.entry, 'utf8'));
    return {
      code: `export const html = ${JSON.stringify(html)};\nexport default html;\n`,
      stylesheets: [],
      inputs: [module.entry],
      diagnostics: [],
    };
  },
});
