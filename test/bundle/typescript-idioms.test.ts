import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { Compiler, DEVELOPMENT, findModule, loadWorkspace, PRODUCTION, type CompileOptions } from '../../lib/compiler/index.js';
import { pkg, removeWorkspaces, writeWorkspace } from '../helpers/workspace.js';

afterAll(removeWorkspaces);

/**
 * One small module per idiom of real TypeScript libraries. Each exports `result`, which the
 * test reads after running the compiled output: what `tsc` + Node would give.
 */
const IDIOMS: Record<string, { files: Record<string, string>; result: unknown }> = {
  private: {
    files: {
      'index.ts': `class Counter {
  #count = 0;
  static #made = 0;
  constructor() { Counter.#made++; }
  #bump(by: number) { this.#count += by; }
  add(by: number) { this.#bump(by); return this; }
  get count() { return this.#count; }
  static get made() { return Counter.#made; }
  static has(o: object) { return #count in o; }
}
new Counter();
export const result = [new Counter().add(2).add(3).count, Counter.made, Counter.has(new Counter())];
`,
    },
    result: [5, 2, true],
  },
  decorators: {
    files: {
      'index.ts': `const log: string[] = [];
function named(prefix: string) {
  return function <T extends new (...args: any[]) => object>(target: T, context: ClassDecoratorContext<T>) {
    log.push(prefix + context.kind);
    return target;
  };
}
function twice<This, V extends number>(_: undefined, context: ClassFieldDecoratorContext<This, V>) {
  return (initial: V) => { log.push('field ' + String(context.name)); return (initial * 2) as V; };
}
@named('decorated ')
class Box { @twice size = 21; }
export const result = [new Box().size, ...log];
`,
    },
    result: [42, 'decorated class', 'field size'],
  },
  disposable: {
    files: {
      'index.ts': `const closed: string[] = [];
function open(name: string): Disposable {
  return { [Symbol.dispose]() { closed.push(name); } };
}
function work() {
  using a = open('a');
  using b = open('b');
  return [a, b].length;
}
export const result = [work(), ...closed];
`,
    },
    result: [2, 'b', 'a'],
  },
  'enums-namespaces': {
    files: {
      'index.ts': `import { Shape } from './shape.js';
enum Color { Red = 'red', Green = 'green' }
const enum Size { S = 1, M = 2 }
namespace Geometry {
  export const unit = 10;
  export namespace Inner { export const double = (n: number) => n * 2 * unit; }
}
declare global {
  interface Array<T> { firstOr(fallback: T): T }
}
Array.prototype.firstOr = function <T>(this: T[], fallback: T) { return this.length ? this[0] : fallback; };
export const result = [Color.Green, Size.M, Geometry.Inner.double(2), Shape.Circle, ([] as number[]).firstOr(7)];
`,
      // A .js-suffixed import of a .ts file, as NodeNext libraries write them.
      'shape.ts': 'export enum Shape { Square, Circle }\n',
    },
    result: ['green', 2, 40, 1, 7],
  },
  'const-enum-across-files': {
    files: {
      // Inlined from another file, as tsc does: the enum itself is never emitted.
      'index.ts': "import { Level } from './levels.js';\nimport type { Named } from './levels.js';\nconst named: Named = { name: 'n' };\nexport const result = [Level.High, named.name];\n",
      'levels.ts': 'export const enum Level { Low = 1, High = 9 }\nexport interface Named { name: string }\n',
    },
    result: [9, 'n'],
  },
  json: {
    files: {
      'index.ts': `import data from './data.json';
import { version } from './data.json';
export const result = [data.name, version];
`,
      'data.json': '{ "name": "idioms", "version": "1.2.3" }\n',
    },
    result: ['idioms', '1.2.3'],
  },
  jsx: {
    files: {
      'index.tsx': `function h(tag: string, props: Record<string, unknown> | null, ...children: unknown[]) {
  return { tag, props, children };
}
declare global { namespace JSX { interface IntrinsicElements { [name: string]: unknown } } }
const view = <p title="t">hi {1 + 1}</p> as unknown as { tag: string; children: unknown[] };
export const result = [view.tag, ...view.children];
`,
    },
    result: ['p', 'hi ', 2],
  },
  lazy: {
    files: {
      'index.ts': 'const lazy = await import(\'./lazy.js\');\nexport const result = [lazy.answer()];\n',
      'lazy.ts': 'export function answer() { return 42; }\n',
    },
    result: [42],
  },
};

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'ESNext.Disposable', 'DOM'],
    strict: true,
    resolveJsonModule: true,
    jsx: 'react',
    jsxFactory: 'h',
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['packages'],
};

/** One package per bundler, each with a module per idiom, from the same sources. */
function idiomWorkspace(): string {
  const files: Record<string, string | object> = { 'kit.json': { packages: ['packages/ts', 'packages/es'] }, 'tsconfig.json': TSCONFIG };
  for (const [dir, bundler] of [['ts', 'ts'], ['es', 'esbuild']]) {
    files[`packages/${dir}/package.json`] = pkg(`@idioms/${dir}`, { kit: { modules: '.', bundler } });
    for (const [idiom, { files: sources }] of Object.entries(IDIOMS)) {
      const entry = Object.keys(sources)[0];
      files[`packages/${dir}/${idiom}/module.json`] = { platforms: ['node', 'web'], entry };
      for (const [name, text] of Object.entries(sources)) files[`packages/${dir}/${idiom}/${name}`] = text;
    }
  }
  return writeWorkspace(files);
}

describe.each([['ts'], ['es']])('the %s bundler compiles what tsc compiles, and it runs', (bundler) => {
  const dir = idiomWorkspace();
  const workspace = loadWorkspace(dir);
  const compiler = new Compiler();
  for (const [idiom, { result }] of Object.entries(IDIOMS)) {
    for (const [form, options] of [['development', DEVELOPMENT], ['production', PRODUCTION]] as [string, CompileOptions][]) {
      test(`${idiom}, ${form}`, async () => {
        const module = findModule(workspace, `@idioms/${bundler}/${idiom}`)!;
        const build = await compiler.compile(workspace, module, options);
        expect(build.diagnostics).toEqual([]);
        // Everything is in the one artifact: no helper import, no chunk without an address.
        expect(build.imports).toEqual([]);
        expect(build.code).not.toMatch(/\bfrom\s*["']|import\(["']/);
        const file = join(dir, `${bundler}-${idiom}-${form}.mjs`);
        writeFileSync(file, build.code);
        const ran = await import(pathToFileURL(file).href);
        expect(ran.result).toEqual(result);
      });
    }
  }
});
