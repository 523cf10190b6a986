import type { H3Event } from 'h3';
import launchEditor from 'launch-editor';
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isInside } from '../../compiler/index.js';
import { diagnosticAt } from '../diagnostic-at.js';
import { refuse, type Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';
import { readJsonBody } from '../json-body.js';

const MAX_BODY = 4 * 1024;

/** Where the overlay asks to open: a diagnostic's file (relative to the workspace), line and column. */
interface Position {
  file: string;
  line?: number;
  column?: number;
}

/**
 * `POST /preview/@kit/open-in-editor` with `{"file", "line", "column"}`: opens the file at
 * that line in the user's editor, as launch-editor picks it (`LAUNCH_EDITOR`, a running
 * editor, `VISUAL`, `EDITOR`). As for `/preview/@kit/frame`, only a position some current
 * diagnostic names, in a file inside the workspace: this is no way to open any file. JSON
 * only, since a form, which any site may post without asking, cannot send it.
 */
export async function answerOpenInEditor(ctx: ServiceContext, event: H3Event): Promise<Answer> {
  const body = await readJsonBody(event, MAX_BODY, '{"file": …, "line": …, "column": …}');
  if ('refused' in body) return body.refused;
  const position = readPosition(body.value);
  if (!position) return refuse('REQUEST_INVALID', 'the body is not a position: send {"file": "<file of a diagnostic>", "line": <n>, "column": <n>}');
  const { workspace, diagnostic } = diagnosticAt(ctx, position.file, position.line, position.column);
  const path = diagnostic ? insideWorkspace(workspace.root, position.file) : undefined;
  if (!path) return refuse('NOT_FOUND', 'no current diagnostic points at a file of the workspace there; only the files the overlay names open');
  launchEditor(`${path}:${position.line ?? 1}:${position.column ?? 1}`);
  return { kind: 'empty' };
}

/** The position a body names, or undefined when it names none. */
function readPosition(value: unknown): Position | undefined {
  const { file, line, column } = (value ?? {}) as Record<string, unknown>;
  const count = (n: unknown) => n === undefined || (Number.isInteger(n) && (n as number) > 0);
  if (typeof file !== 'string' || !file || !count(line) || !count(column)) return undefined;
  return { file, line: line as number | undefined, column: column as number | undefined };
}

/** The file's real path when it is a file inside the workspace (links followed), else undefined. */
function insideWorkspace(root: string, file: string): string | undefined {
  try {
    const path = realpathSync(resolve(root, file));
    return isInside(path, realpathSync(root)) && statSync(path).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}
