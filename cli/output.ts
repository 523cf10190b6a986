import pc from 'picocolors';
import { codeFrame, formatDiagnostic, type Diagnostic } from '../compiler/index.js';

/** A mistake of the user's: printed as one line, never as a stack trace. */
export class UserError extends Error {}

/**
 * Prints diagnostics the way compilers do: `file:line:column CODE message`, coloured on a
 * terminal, each once; with the workspace's `root`, each error is followed by its code
 * frame, indented, as `kit run` prints it.
 */
export function printDiagnostics(diagnostics: Diagnostic[], { root, warning = false, stream = process.stderr }: { root?: string; warning?: boolean; stream?: NodeJS.WriteStream } = {}): void {
  const seen = new Set<string>();
  for (const d of diagnostics) {
    const line = formatDiagnostic(d);
    if (seen.has(line)) continue;
    seen.add(line);
    const where = d.file ? `${d.file}:${d.line ?? 1}:${d.column ?? 1} ` : '';
    stream.write(`${warning ? `${pc.yellow('warning:')} ` : ''}${pc.cyan(where)}${(warning ? pc.yellow : pc.red)(d.code)} ${d.message}\n`);
    const frame = root && !warning ? codeFrame(root, d, { color: pc.isColorSupported }) : undefined;
    if (frame) stream.write(`${frame.replace(/^/gm, '  ')}\n\n`);
  }
}

/** Prints warnings as `warning: file:line:column CODE message`, in yellow: they fail nothing. */
export function printWarnings(warnings: Diagnostic[], stream: NodeJS.WriteStream = process.stderr): void {
  printDiagnostics(warnings, { warning: true, stream });
}

export { pc };
