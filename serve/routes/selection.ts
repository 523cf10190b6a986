import { readRawBody, type H3Event } from 'h3';
import { resetSelection, writeSelection } from '../../compiler/index.js';
import { json, refuse, type Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';
import { currentSelection } from '../selection.js';
import { requestHeader } from '../request.js';

const MAX_BODY = 64 * 1024;

/** `GET|PUT|DELETE /development/selection` (CONTRACT §7). */
export async function answerSelection(ctx: ServiceContext, event: H3Event): Promise<Answer> {
  const workspace = ctx.loader.loadChecked();
  if (event.method === 'GET' || event.method === 'HEAD') return json(currentSelection(ctx, workspace));
  if (event.method === 'DELETE') {
    const selection = resetSelection(workspace);
    ctx.selectionStamp = undefined;
    currentSelection(ctx, workspace);
    ctx.channel.publish('selection.changed', selection);
    return json(selection);
  }
  if (Number(requestHeader(event, 'content-length') ?? 0) > MAX_BODY) return refuse('SELECTION_INVALID', 'the selection is larger than 64 KiB');
  let packages: unknown;
  try {
    packages = (JSON.parse((await readRawBody(event, 'utf8')) ?? '') as { packages?: unknown }).packages;
  } catch {
    return refuse('SELECTION_INVALID', 'send JSON such as {"packages": ["@scope/name"]}');
  }
  if (!Array.isArray(packages) || !packages.every((p) => typeof p === 'string')) {
    return refuse('SELECTION_INVALID', '"packages" must be an array of workspace package names');
  }
  const change = writeSelection(workspace, packages as string[]);
  if (!change.ok) return refuse('SELECTION_INVALID', `not packages of this workspace: ${change.unknown.join(', ')}; nothing changed`, undefined, { unknown: change.unknown });
  ctx.selectionStamp = undefined;
  currentSelection(ctx, workspace);
  ctx.channel.publish('selection.changed', change.selection);
  return json(change.selection);
}
