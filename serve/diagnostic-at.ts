import type { Diagnostic, Workspace } from '../compiler/index.js';
import type { ServiceContext } from './context.js';

/**
 * The current diagnostic at a position (the workspace's, a module's, or a build's), with the
 * workspace as it is now: what the overlay may ask about. Only a position some diagnostic
 * names is ever read or opened, so no request can name any file of the workspace.
 */
export function diagnosticAt(ctx: ServiceContext, file: unknown, line: number | undefined, column: number | undefined): { workspace: Workspace; diagnostic?: Diagnostic } {
  const workspace = ctx.loader.loadChecked();
  const current = [...workspace.diagnostics, ...workspace.modules.flatMap((m) => m.diagnostics), ...ctx.builds.failures()];
  const diagnostic = current.find((d) => d.file === file && d.line === line && (column === undefined || d.column === column));
  return { workspace, diagnostic };
}
