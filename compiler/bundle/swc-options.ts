import type { Options as SwcOptions } from '@swc/core';
import type { EmitOptions } from '../workspace/tsconfig-options.js';

/** What kit emits when a tsconfig names no `target`: the language every browser kit serves runs. */
export const DEFAULT_TARGET = 'es2022';

const TARGETS = ['es3', 'es5', 'es2015', 'es2016', 'es2017', 'es2018', 'es2019', 'es2020', 'es2021', 'es2022'] as const;
type Target = (typeof TARGETS)[number] | 'esnext';

/** A tsconfig `target` as swc (and esbuild) name it: `ES6` is `es2015`, anything past es2022 needs no lowering. */
export function emitTarget(target: string | undefined): Target {
  const name = (target ?? DEFAULT_TARGET).toLowerCase();
  if (name === 'es6') return 'es2015';
  return (TARGETS as readonly string[]).includes(name) ? (name as Target) : 'esnext';
}

/**
 * swc's options for one file, from the emit options of the tsconfig TypeScript picks for it,
 * so that the JavaScript is what `tsc` writes for the file: its target, decorators (standard,
 * or legacy with metadata), class field semantics, JSX and import elision.
 */
export function swcOptionsFor(file: string, emit: EmitOptions, sourceMaps: boolean): SwcOptions {
  const target = emitTarget(emit.target);
  const tsx = /\.[jt]sx$/.test(file);
  const legacy = emit.experimentalDecorators === true;
  // TypeScript's default: define semantics from ES2022 on.
  const defineFields = emit.useDefineForClassFields ?? (target === 'esnext' || target === 'es2022');
  const jsx = (emit.jsx ?? 'react').toLowerCase();
  const automatic = jsx === 'react-jsx' || jsx === 'react-jsxdev';
  return {
    filename: file,
    sourceMaps,
    inlineSourcesContent: true,
    isModule: true,
    swcrc: false,
    configFile: false,
    module: { type: 'es6' },
    jsc: {
      target,
      externalHelpers: false,
      keepClassNames: true,
      parser: file.endsWith('.jsx') ? { syntax: 'ecmascript', jsx: true, decorators: true } : { syntax: 'typescript', tsx, decorators: true },
      transform: {
        useDefineForClassFields: defineFields,
        verbatimModuleSyntax: emit.verbatimModuleSyntax === true,
        ...(legacy ? { legacyDecorator: true, decoratorMetadata: emit.emitDecoratorMetadata === true } : { decoratorVersion: '2023-11' }),
        ...(tsx
          ? {
              react: automatic
                ? { runtime: 'automatic', importSource: emit.jsxImportSource ?? 'react', development: jsx === 'react-jsxdev' }
                : { runtime: 'classic', pragma: emit.jsxFactory ?? 'React.createElement', pragmaFrag: emit.jsxFragmentFactory ?? 'React.Fragment' },
            }
          : {}),
      },
    },
  };
}
