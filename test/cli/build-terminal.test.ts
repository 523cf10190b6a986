import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { plain, runInTerminal } from '../helpers/terminal.js';
import { REPO, copySample, removeWorkspaces, writeFiles } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

const KIT = join(REPO, 'bin', 'kit.js');
const CART = 'packages/app/main/cart.ts';

describe('kit build in a terminal lists what it wrote, as Vite does', () => {
  const dir = copySample('shop');
  const { code, output } = runInTerminal([KIT, 'build'], { cwd: dir });
  const text = plain(output);
  const rows = text.split('\n').filter((line) => line.includes('│ gzip:') && !line.startsWith('total '));

  test('each page, stylesheet and script with its size and gzip size, coloured and aligned', () => {
    expect(code, output).toBe(0);
    expect(output).toContain('\u001b['); // coloured on a terminal
    for (const file of ['dist/index.html', 'dist/m/@shop/ui@0.1.0/styles/button.css', 'dist/m/@shop/app@0.1.0/modules/main.js', 'dist/m/@shop/util@0.1.0/modules/format.js']) {
      expect(rows.some((row) => row.startsWith(`${file} `)), file).toBe(true);
    }
    expect(rows.every((row) => /\d+\.\d\d kB │ gzip: +\d+\.\d\d kB/.test(row))).toBe(true);
    expect(new Set(rows.map((row) => row.indexOf('│'))).size).toBe(1);
  });

  test('the largest script is flagged, and the total ends the table before the summary', () => {
    const flagged = rows.filter((row) => row.includes('← largest'));
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatch(/^dist\/m\/@shop\/app@0\.1\.0\/modules\/main\.js /);
    expect(text).toMatch(/\ntotal \d+\.\d\d kB │ gzip: \d+\.\d\d kB \(7 page, stylesheet and script files\)\n✓ built 5 modules into dist/);
  });
});

describe.each(['build', 'check'])('kit %s prints each error once with its code frame, then the summary', (command) => {
  test('a type error', () => {
    const dir = copySample('shop');
    const cart = readFileSync(join(dir, CART), 'utf8');
    writeFiles(dir, { [CART]: `${cart}export const total: number = 'none';\n` });
    const { code, output } = runInTerminal([KIT, command], { cwd: dir });
    const text = plain(output);
    expect(code).toBe(1);
    const line = cart.split('\n').length;
    const heading = `${CART}:${line}:14 TS2322 Type 'string' is not assignable to type 'number'.`;
    expect(text.split(heading).length - 1).toBe(1);
    const frame = text.slice(text.indexOf(heading));
    expect(frame).toContain(`> ${line} | export const total: number = 'none';`);
    expect(frame).toMatch(/\n\s+\|\s+\^/); // the column marked
    const summary = command === 'build' ? 'build failed: 1 problem; nothing was written' : '5 modules: 4 valid, 1 invalid';
    expect(text.indexOf(summary)).toBeGreaterThan(text.indexOf(`> ${line} |`));
  });
});
