import { readSelection, selectionStamp, type Selection, type Workspace } from '../compiler/index.js';
import type { ServiceContext } from './context.js';

/**
 * The development selection as stored now. The CLI may change it while the service runs;
 * whoever reads it first after such a change announces `selection.changed`.
 */
export function currentSelection(ctx: ServiceContext, workspace: Workspace): Selection {
  const stamp = selectionStamp(workspace.root);
  const selection = readSelection(workspace);
  if (ctx.selectionStamp !== undefined && ctx.selectionStamp !== stamp) ctx.channel.publish('selection.changed', selection);
  ctx.selectionStamp = stamp;
  return selection;
}
