import { readFileSync } from 'node:fs';
import type { ExportDeclaration, Module, ModuleItem, TsEnumDeclaration } from '@swc/core';
import { swc } from '../commonjs.js';
import { resolveRelative } from '../check/resolve.js';

/**
 * The declaration file a relative import names when no file with code answers it (`./ambient.js`
 * for `ambient.d.ts`), or undefined.
 */
export function declarationsOnly(specifier: string, importer: string): string | undefined {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return undefined;
  return resolveRelative(specifier, importer, false) ? undefined : resolveRelative(specifier, importer, true);
}

/**
 * The code a relative import of a declaration file (`./ambient.d.ts`) stands for: its exported
 * `const enum`s as objects, so that `Level.High` reads the value `tsc` would have inlined (a
 * per-file transform cannot inline another file's const enum). Everything else a declaration
 * file holds has no code. A file that cannot be read or parsed stands for nothing; the check
 * says what is wrong with it.
 */
export function declarationStandIn(file: string): string {
  let parsed: Module;
  try {
    parsed = swc.parseSync(readFileSync(file, 'utf8'), { syntax: 'typescript', target: 'es2022' });
  } catch {
    return '';
  }
  const enums = parsed.body.filter(isExportedConstEnum).map((statement) => ({ ...statement, declaration: { ...statement.declaration, declare: false, isConst: false } }));
  if (!enums.length) return '';
  // Printed as ordinary enums and compiled: the members' values are worked out as TypeScript does (`High = Low * 9`).
  const source = swc.printSync({ ...parsed, body: enums }, {}).code;
  return swc.transformSync(source, { filename: 'stand-in.ts', isModule: true, swcrc: false, configFile: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }).code;
}

type ExportedEnum = ExportDeclaration & { declaration: TsEnumDeclaration };

function isExportedConstEnum(statement: ModuleItem): statement is ExportedEnum {
  return statement.type === 'ExportDeclaration' && statement.declaration.type === 'TsEnumDeclaration' && statement.declaration.isConst;
}
