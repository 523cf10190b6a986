import { expect, test } from 'vitest';
import { scanSpecifiers } from '../../lib/compiler/check/specifiers.js';

const code = (lines: number) => Array.from({ length: lines }, (_, i) => `export const value${i} = { size: ${i} } as const;`).join('\n');

test('the specifiers of imports, re-exports, type imports and references', () => {
  const text = [
    '/// <reference types="node" />',
    '/// <reference path="./globals.d.ts" />',
    "import { a } from './a.js';",
    "import type { B } from './b';",
    "import './effects.css';",
    "export { c } from '@scope/c';",
    "type D = import('./d').D;",
    "import e = require('./e');",
  ].join('\n');
  expect(scanSpecifiers(text, false)).toEqual({ modules: ['./a.js', './b', './effects.css', '@scope/c', './d', './e'], paths: ['./globals.d.ts'], types: ['node'] });
});

test('an import written after a long stretch of code is found', () => {
  const text = `${code(400)}\nexport async function later() {\n  return (await import('./late.js')).late;\n}\nexport { tail } from './tail';`;
  expect(scanSpecifiers(text, false).modules).toEqual(['./late.js', './tail']);
});

test('a file that writes no import names nothing, and words in comments and strings name nothing', () => {
  expect(scanSpecifiers(code(50), false)).toEqual({ modules: [], paths: [], types: [] });
  const text = `import { a } from './a';\n${code(50)}\n// import { b } from './b';\nconst note = "from './c'";\nconst items = Array.from([1]);`;
  expect(scanSpecifiers(text, false).modules).toEqual(['./a']);
});

test('a regular expression after a reserved word is no string, and a keyword that names a variable divides', () => {
  const text = "export const f = (x: unknown) => { if (typeof x === 'string') return /'/.test(x) ? import('./a') : import('./b'); };";
  expect(scanSpecifiers(text, false).modules).toEqual(['./a', './b']);
  expect(scanSpecifiers("const type = 4; const half = type / 2; import('./c');", false).modules).toEqual(['./c']);
  expect(scanSpecifiers("const of = 4; export default of / 2 / of; import './d';", false).modules).toEqual(['./d']);
});

test('a specifier that ends the file after its keyword is found', () => {
  expect(scanSpecifiers(`${code(20)}\nexport * from\n  './last'`, false).modules).toEqual(['./last']);
  expect(scanSpecifiers(`${code(20)}\nvoid import(\n  './dynamic')`, false).modules).toEqual(['./dynamic']);
});

test("the token kinds read from TypeScript's scanner are its SyntaxKind values", async () => {
  const { SyntaxKind } = await import('typescript-native/unstable/ast');
  const { Kind } = await import('../../lib/compiler/check/token-kinds.js');
  for (const [name, kind] of Object.entries(Kind)) expect([name, kind]).toEqual([name, SyntaxKind[name as keyof typeof SyntaxKind]]);
});
