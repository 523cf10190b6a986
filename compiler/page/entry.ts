import type { Diagnostic } from '../diagnostics.js';
import { findModule, type ModuleInfo, type Workspace } from '../workspace/model.js';
import type { PageTemplate } from './template.js';

/** The application's entry as the page template names it: the module, or why it is none. */
export type TemplateEntry = { module: ModuleInfo } | { diagnostic: Diagnostic };

/**
 * The module the template's module script imports, when it is a public browser module of the
 * workspace; else PREVIEW_ENTRY_NOT_FOUND at that import in `index.html`.
 */
export function templateEntry(workspace: Workspace, template: PageTemplate & { entry: NonNullable<PageTemplate['entry']> }): TemplateEntry {
  const { specifier, line, column } = template.entry;
  const module = findModule(workspace, specifier);
  if (module?.platforms.includes('web')) return { module };
  const browser = workspace.modules.filter((m) => m.platforms.includes('web')).map((m) => m.specifier);
  const why = module ? `runs on Node only ("platforms" in ${module.moduleManifestFile ?? module.manifestFile})` : 'is not a public module of this workspace';
  const message = `${template.file} imports '${specifier}', which ${why}; import one of the browser modules instead: ${browser.join(', ') || 'none'}`;
  return { diagnostic: { code: 'PREVIEW_ENTRY_NOT_FOUND', message, file: template.file, line, column } };
}

/**
 * The specifiers `entry` reaches through static imports, itself first, breadth first:
 * what a page preloads. `importsOf` gives a specifier's static imports (undefined for one
 * that is not loaded from here).
 */
export function staticallyReached(entry: string, importsOf: (specifier: string) => readonly string[] | undefined): string[] {
  const seen = new Set<string>([entry]);
  for (const specifier of seen) for (const next of importsOf(specifier) ?? []) seen.add(next);
  return [...seen];
}

/** The imports a build makes statically: those a page preloads. */
export function staticImports(build: { imports: readonly string[]; dynamicImports?: readonly string[] }): string[] {
  const dynamic = new Set(build.dynamicImports ?? []);
  return build.imports.filter((specifier) => !dynamic.has(specifier));
}
