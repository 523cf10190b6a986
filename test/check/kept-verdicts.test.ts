import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { declarationSignature } from '../../lib/compiler/check/declaration-signature.js';
import { NativeChecker } from '../../lib/compiler/check/native-checker.js';
import { closedAfterEach } from '../helpers/closing.js';
import { removeWorkspaces, writeFiles, writeWorkspace } from '../helpers/workspace.js';

const STRICT = { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true }, include: ['src'] };
const checker = closedAfterEach((root: string) => new NativeChecker(root));
afterAll(removeWorkspaces);

const same = (a: string, b: string, file = 'a.ts') => declarationSignature(file, a) === declarationSignature(file, b);

test('what other files read of a file: a typed initializer or a typed function body is not of it; anything else is', () => {
  expect(same("export const word: string = 'one';\n", "export const word: string = 'two';\n")).toBe(true);
  expect(same('export function f(n: number): string { return `${n}`; }\n', 'export function f(n: number): string { const m = n + 1; return `${m}`; }\n')).toBe(true);
  expect(same('export const g = (n: number): number => n;\n', 'export const g = (n: number): number => n * 2;\n')).toBe(true);
  expect(same('export class C { p: number = 1; m(): void { console.log(1); } }\n', 'export class C { p: number = 2; m(): void { console.log(2); } }\n')).toBe(true);
  // A parameter's plain default: its type is the literal's, widened.
  expect(same("export function box(label = 'a'): string { return label; }\n", "export function box(label = 'b'): string { return label; }\n")).toBe(true);
  expect(same("export function box(label = 'a'): string { return label; }\n", 'export function box(label = 1): string { return `${label}`; }\n')).toBe(false);
  expect(same("export function box(label = 'a'): string { return label; }\n", "export function box(label = 'a' + 'b'): string { return label; }\n")).toBe(false);
  // Inferred: the initializer or the body is the type.
  expect(same("export const word = 'one';\n", "export const word = 'two';\n")).toBe(false);
  expect(same('export function f(n: number) { return n; }\n', 'export function f(n: number) { return `${n}`; }\n')).toBe(false);
  expect(same("export const word: string = 'one';\n", "export const word: number = 1;\n")).toBe(false);
  expect(same("export const word: string = 'one';\n", "export const word: string = 'one';\nexport const more = 1;\n")).toBe(false);
  // Non-ASCII text before a hidden part: offsets count UTF-16 code units, as the parser gives them.
  expect(same("const s = 'é😀';\nexport const word: string = 'one';\n", "const s = 'é😀';\nexport const word: string = 'two';\n")).toBe(true);
  expect(same('export const A = () => <div>a</div>;\n', 'export const A = () => <div>b</div>;\n', 'a.tsx')).toBe(false);
  expect(same('export const A = (): JSX.Element => <div>a</div>;\n', 'export const A = (): JSX.Element => <div>b</div>;\n', 'a.tsx')).toBe(true);
  // Not TypeScript source, or not parsed: no signature, so every kept verdict goes.
  expect(declarationSignature('a.d.ts', 'export declare const a: number;\n')).toBeUndefined();
  expect(declarationSignature('tsconfig.json', '{}')).toBeUndefined();
  expect(declarationSignature('a.ts', 'export const = ;\n')).toBeUndefined();
});

test("an edit that keeps a file's declarations is checked in that file; one that changes them is checked in the files that read it", async () => {
  const root = writeWorkspace({
    'tsconfig.json': STRICT,
    'src/word.ts': "export const word: string = 'one';\nexport function shout(): string { return word.toUpperCase(); }\n",
    'src/use.ts': "import { word, shout } from './word';\nexport const both: string = word;\nexport const loud: string = shout();\n",
  });
  const c = checker(root);
  const config = join(root, 'tsconfig.json');
  const files = [join(root, 'src/use.ts'), join(root, 'src/word.ts')];
  const codes = async () => [...(await c.check(config, files)).values()].flat().map((d) => `${d.file.slice(root.length + 1)} ${d.code}`);
  expect(await codes()).toEqual([]);
  const edit = async (text: string) => {
    writeFiles(root, { 'src/word.ts': text });
    c.changed({ changed: [join(root, 'src/word.ts')] });
    return codes();
  };
  // The first edit of a file reads everything again; then a body edit is the file's own.
  expect(await edit("export const word: string = 'two';\nexport function shout(): string { return word.toUpperCase(); }\n")).toEqual([]);
  expect(await edit("export const word: string = 'three';\nexport function shout(): string { return word.toLowerCase(); }\n")).toEqual([]);
  // Its own error, in a typed body.
  expect(await edit("export const word: string = 'four';\nexport function shout(): string { return 4; }\n")).toEqual(['src/word.ts TS2322']);
  // A declaration changed: the file that reads it is judged again.
  expect(await edit("export const word: number = 5;\nexport function shout(): string { return 'five'; }\n")).toEqual(['src/use.ts TS2322']);
  expect(await edit("export const word: string = 'six';\nexport function shout(): string { return 'six'; }\n")).toEqual([]);
});
