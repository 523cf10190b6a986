import { relative } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { toPosix } from '../paths.js';
import type { Workspace } from './model.js';
import { readTsconfigChain, tsconfigOf } from './tsconfig-read.js';
import { capabilitiesOf } from './bundler-specifiers.js';

/**
 * What the tsconfigs of `esbuild` modules ask for that esbuild does not write, said once per
 * tsconfig at the option: decorator metadata (`emitDecoratorMetadata`). Code that reads it
 * (reflect-metadata, dependency injection) would get `undefined` at run time, with no error.
 */
export function esbuildTsconfigWarnings(workspace: Workspace): Diagnostic[] {
  const tsconfigs = new Set(workspace.modules.filter((m) => capabilitiesOf(m.bundler).decoratorMetadata === false).map((m) => tsconfigOf(workspace, m.entry)));
  const warnings: Diagnostic[] = [];
  for (const tsconfig of tsconfigs) {
    if (!tsconfig) continue;
    const at = readTsconfigChain(tsconfig).find((file) => 'emitDecoratorMetadata' in file.options);
    if (at?.options.emitDecoratorMetadata !== true) continue;
    const position = at.positionOf('emitDecoratorMetadata') ?? { line: 1, column: 1 };
    const message = 'the esbuild bundler writes no decorator metadata, which "emitDecoratorMetadata" asks for: code that reads it gets undefined; build these modules with "bundler": "ts", or remove the option';
    warnings.push({ code: 'ESBUILD_NO_DECORATOR_METADATA', message, file: toPosix(relative(workspace.root, at.file)), ...position });
  }
  return [...new Map(warnings.map((w) => [`${w.file}:${w.line}:${w.column}`, w])).values()];
}
