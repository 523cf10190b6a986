// A deterministic synthetic workspace: N packages × M modules of realistic TypeScript
// (private helpers, classes, generics; 200–400 lines a module), each with a stylesheet that
// @imports a partial and an imported SVG; one bare import chain, whose shape is the
// workspace's (SHAPES); even packages on the esbuild bundler, odd ones on ts; and
// @bench/app/main importing every module.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pad = (n) => String(n).padStart(2, '0');

/**
 * The import chain of each shape: `packages`, through the packages (each package's m0 imports the
 * m0 of the package before it); `chain`, through every module (each module imports the one before
 * it, p00/m0 ← p00/m1 ← … ← p00/m(M-1) ← p01/m0 ← …), N × M modules deep.
 */
export const SHAPES = {
  packages: (p, m) => (m === 0 && p > 0 ? `@bench/p${pad(p - 1)}/m0` : undefined),
  chain: (p, m, modules) => (m > 0 ? `@bench/p${pad(p)}/m${m - 1}` : p > 0 ? `@bench/p${pad(p - 1)}/m${modules - 1}` : undefined),
};
export const DEFAULT_SHAPE = 'packages';
/** How a shape is said in a figure's heading. */
export const shapeSaid = (shape) => (shape === 'chain' ? 'one import chain through every module' : "one import chain through the packages' m0");

const write = (root, path, text) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

/** A module's helper file: generic functions and a class, ~20 lines per unit. */
function helpers(seed, units) {
  const out = [`// helpers of module ${seed}`];
  for (let u = 0; u < units; u++) {
    out.push(
      `export interface Box${u}<T> { value: T; label: string; weight: number }`,
      `export function box${u}<T>(value: T, label = 'b${seed}-${u}'): Box${u}<T> {`,
      `  return { value, label, weight: label.length * ${u + 1} };`,
      `}`,
      `export function heaviest${u}<T>(boxes: readonly Box${u}<T>[]): Box${u}<T> | undefined {`,
      `  let best: Box${u}<T> | undefined;`,
      `  for (const candidate of boxes) {`,
      `    if (!best || candidate.weight > best.weight) best = candidate;`,
      `  }`,
      `  return best;`,
      `}`,
      `export class Ledger${u}<K extends string, V> {`,
      `  private readonly entries = new Map<K, V[]>();`,
      `  add(key: K, value: V): this {`,
      `    const list = this.entries.get(key) ?? [];`,
      `    list.push(value);`,
      `    this.entries.set(key, list);`,
      `    return this;`,
      `  }`,
      `  count(key: K): number {`,
      `    return this.entries.get(key)?.length ?? 0;`,
      `  }`,
      `}`,
      '',
    );
  }
  return out.join('\n');
}

function entry(p, m, units, chain) {
  const lines = [
    `import './styles.css';`,
    `import icon from './icon.svg';`,
    `import { box0, heaviest0, Ledger0 } from './helpers';`,
    ...(chain ? [`import { value as previous } from '${chain}';`] : []),
    '',
    `/** The value this module contributes. */`,
    `export const value: number = ${p * 100 + m}${chain ? ' + previous' : ''};`,
    '',
    `export function render(target: HTMLElement): HTMLElement {`,
    `  const ledger = new Ledger0<'seen', number>().add('seen', value);`,
    `  const best = heaviest0([box0(value), box0(ledger.count('seen'))]);`,
    `  const element = document.createElement('div');`,
    `  element.className = 'bench-p${pad(p)}-m${m}';`,
    `  element.dataset.value = String(best?.value ?? value);`,
    `  const image = document.createElement('img');`,
    `  image.src = icon;`,
    `  element.append(image);`,
    `  target.append(element);`,
    `  return element;`,
    `}`,
  ];
  for (let u = 1; u < units; u++) lines.push(`export const extra${u} = (n: number): number => n * ${u} + value;`);
  return `${lines.join('\n')}\n`;
}

/** Writes the workspace into `root`; returns the module specifiers and their stylesheet paths. */
/** `bundlers: 'esbuild'` puts every package on the esbuild bundler (for the build figure); `shape` names the import chain (SHAPES). */
export function generateWorkspace(root, { packages, modules, bundlers = 'mixed', shape = DEFAULT_SHAPE }) {
  const previous = SHAPES[shape];
  if (!previous) throw new Error(`unknown workspace shape ${JSON.stringify(shape)} (${Object.keys(SHAPES).join(' or ')})`);
  const specifiers = [];
  const sheets = [];
  const list = [];
  for (let p = 0; p < packages; p++) {
    const name = `@bench/p${pad(p)}`;
    const dir = `packages/p${pad(p)}`;
    list.push(dir);
    write(root, `${dir}/package.json`, `${JSON.stringify({ name, version: '1.0.0', private: true, kit: { modules: '.', bundler: bundlers === 'esbuild' || p % 2 === 0 ? 'esbuild' : 'ts' }, dependencies: p > 0 ? { [`@bench/p${pad(p - 1)}`]: '1.0.0' } : {} }, null, 2)}\n`);
    for (let m = 0; m < modules; m++) {
      const mdir = `${dir}/m${m}`;
      write(root, `${mdir}/module.json`, `${JSON.stringify({ platforms: ['web'], entry: 'index.ts', assets: ['icon.svg'] })}\n`);
      write(root, `${mdir}/index.ts`, entry(p, m, 12, previous(p, m, modules)));
      write(root, `${mdir}/helpers.ts`, helpers(`${p}-${m}`, 11));
      write(root, `${mdir}/styles.css`, `@import './partial.css';\n.bench-p${pad(p)}-m${m} { color: var(--ink); padding: 4px; }\n`);
      write(root, `${mdir}/partial.css`, `:root { --ink: rgb(${p}, ${m}, 0); }\n`);
      write(root, `${mdir}/icon.svg`, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" width="8" height="8"><rect width="8" height="8" fill="#${pad(p)}${pad(m)}aa"/></svg>\n`);
      specifiers.push(`${name}/m${m}`);
      sheets.push(`${mdir}/styles.css`);
    }
  }
  const imports = specifiers.map((s, i) => `import { render as r${i} } from '${s}';`);
  const deps = Object.fromEntries(Array.from({ length: packages }, (_, p) => [`@bench/p${pad(p)}`, '1.0.0']));
  write(root, 'packages/app/package.json', `${JSON.stringify({ name: '@bench/app', version: '1.0.0', private: true, exports: { './main': './main/index.ts' }, dependencies: deps, kit: { bundler: 'esbuild' } }, null, 2)}\n`);
  write(root, 'packages/app/main/index.ts', `${imports.join('\n')}\n\nfor (const render of [${specifiers.map((_, i) => `r${i}`).join(', ')}]) render(document.body);\ndocument.body.dataset.ready = 'yes';\n`);
  write(root, 'kit.json', `${JSON.stringify({ packages: [...list, 'packages/app'] }, null, 2)}\n`);
  write(root, 'tsconfig.json', `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, skipLibCheck: true }, include: ['packages'] }, null, 2)}\n`);
  // The page of both servers: kit's template names the entry by its bare specifier, which Vite resolves through its alias.
  write(root, 'index.html', '<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body><script type="module">import \'@bench/app/main\';</script></body></html>\n');
  return { specifiers, sheets, bundlerOf: (specifier) => (bundlers === 'esbuild' || Number(/p(\d+)/.exec(specifier)[1]) % 2 === 0 ? 'esbuild' : 'ts') };
}
