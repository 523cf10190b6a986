import { getQuery, type H3Event } from 'h3';
import { codeFrame } from '../../compiler/index.js';
import { diagnosticAt } from '../diagnostic-at.js';
import { json, refuse, type Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';

/**
 * `GET /preview/@kit/frame?file=&line=&column=`: the code frame the overlay shows under a
 * diagnostic. Only a position some current diagnostic names is read: this is no way to
 * read the workspace's files.
 */
export function answerFrame(ctx: ServiceContext, event: H3Event): Answer {
  const query = getQuery(event);
  const line = Number(query.line);
  const column = query.column === undefined ? undefined : Number(query.column);
  const { workspace, diagnostic } = diagnosticAt(ctx, query.file, line, column);
  if (!diagnostic) return refuse('NOT_FOUND', 'no current diagnostic points there');
  return json({ frame: codeFrame(workspace.root, diagnostic) ?? null });
}
