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

/**
 * The specifiers `entry` reaches, in the order a browser evaluates them: each module after the
 * modules it imports, those in the order it imports them (a post-order walk). The order of the
 * page's stylesheet links, so that a module's sheet comes after the sheets of what it imports
 * (an app's own styles after its design system's `globals.css`), as Vite injects them.
 */
export function evaluationOrder(entry: string, importsOf: (specifier: string) => readonly string[] | undefined): string[] {
  const order: string[] = [];
  const seen = new Set<string>([entry]);
  // A stack rather than recursion: an import chain may be thousands of modules deep.
  const stack: { specifier: string; next: readonly string[]; at: number }[] = [{ specifier: entry, next: importsOf(entry) ?? [], at: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.at === top.next.length) {
      order.push(top.specifier);
      stack.pop();
      continue;
    }
    const specifier = top.next[top.at++];
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    stack.push({ specifier, next: importsOf(specifier) ?? [], at: 0 });
  }
  return order;
}

/** The imports a build makes statically: those a page preloads. */
export function staticImports(build: { imports: readonly string[]; dynamicImports?: readonly string[] }): string[] {
  const dynamic = new Set(build.dynamicImports ?? []);
  return build.imports.filter((specifier) => !dynamic.has(specifier));
}
