import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Diagnostic } from './diagnostics.js';
import { isInside } from './paths.js';

/** Loaded with the first frame: a command with nothing to report does not load it at start. */
let frames: typeof import('@babel/code-frame') | undefined;

/**
 * The lines around a diagnostic's position with its column marked, as compilers print it;
 * undefined when the diagnostic names no position or its file cannot be read. Only files
 * inside the workspace are read.
 */
export function codeFrame(root: string, diagnostic: Diagnostic, { color = false } = {}): string | undefined {
  if (!diagnostic.file || !diagnostic.line) return undefined;
  const file = resolve(root, diagnostic.file);
  if (!isInside(file, root)) return undefined;
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  if (diagnostic.line > source.split('\n').length) return undefined;
  const start = { line: diagnostic.line, ...(diagnostic.column ? { column: diagnostic.column } : {}) };
  frames ??= createRequire(import.meta.url)('@babel/code-frame') as typeof import('@babel/code-frame');
  return frames.codeFrameColumns(source, { start }, { highlightCode: color, forceColor: color, linesAbove: 2, linesBelow: 2 });
}
