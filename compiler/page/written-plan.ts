import { builtinModules } from 'node:module';
import { aliasLookup } from '../check/aliases.js';
import type { FileTest } from '../check/resolve.js';
import { emitOptionsLookup } from '../bundle/ts-transform.js';
import { walkWritten } from '../bundle/source-imports.js';
import { isStylesheetModule, type ModuleInfo, type Workspace } from '../workspace/model.js';
import type { ModuleBuild } from '../compile.js';

/** What a page needs of a module it reaches: what its code imports, and whether it has a stylesheet. */
export interface PlannedImports {
  /** The bare specifiers its output imports, statically or by `import()`. */
  imports: string[];
  /** Those of `imports` made only by `import()`: not preloaded. */
  dynamicImports?: string[];
  styles: boolean;
}

const BUILTINS = new Set(builtinModules);

/** What a page needs of a module's build. */
export function plannedOf(build: Pick<ModuleBuild, 'imports' | 'dynamicImports' | 'styles'>): PlannedImports {
  return { imports: build.imports, dynamicImports: build.dynamicImports, styles: build.styles !== undefined };
}

/**
 * A module's imports as its sources write them, for a page sent before the module is built:
 * the bare specifiers its files import that its build keeps as imports (not a tsconfig `paths`
 * alias, a `#` import or a Node built-in, which the build resolves or refuses), plus the JSX
 * runtime an automatic JSX transform adds (`react/jsx-runtime`), and whether a file imports a
 * stylesheet of its own. The build's own list replaces it once the module is built; the page
 * that was sent is checked against it then (see `samePage`).
 */
export function writtenPlanner(workspace: Workspace, exists: FileTest): (module: ModuleInfo) => Promise<PlannedImports> {
  const aliases = aliasLookup(workspace);
  const emitOf = emitOptionsLookup(workspace);
  return async (module) => {
    if (isStylesheetModule(module)) return { imports: [], styles: true };
    const written = await walkWritten(module, exists);
    const kept = (specifier: string, file: string) => !specifier.startsWith('#') && !specifier.startsWith('node:') && !BUILTINS.has(specifier.split('/')[0]) && !aliases(specifier, file);
    // In the order the bundlers meet them: file by file, a JSX file's runtime at its head.
    const imports = new Set<string>();
    for (const [file, bare] of written.files) {
      const runtime = /\.[jt]sx$/.test(file) ? jsxRuntimeOf(emitOf(file)) : undefined;
      for (const specifier of [...(runtime ? [runtime] : []), ...bare]) if (kept(specifier, file)) imports.add(specifier);
    }
    const dynamicImports = [...imports].filter((s) => written.dynamicOnly.has(s));
    return { imports: [...imports], ...(dynamicImports.length ? { dynamicImports } : {}), styles: written.stylesheet };
  };
}

/** The module the automatic JSX transform imports for a tsconfig's `jsx` (TypeScript's names); none for the classic one. */
function jsxRuntimeOf(emit: { jsx?: string; jsxImportSource?: string }): string | undefined {
  const jsx = emit.jsx?.toLowerCase();
  if (jsx !== 'react-jsx' && jsx !== 'react-jsxdev') return undefined;
  return `${emit.jsxImportSource ?? 'react'}/${jsx === 'react-jsxdev' ? 'jsx-dev-runtime' : 'jsx-runtime'}`;
}
