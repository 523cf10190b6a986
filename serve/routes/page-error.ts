import type { H3Event } from 'h3';
import { refuse, type Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';
import { readJsonBody } from '../json-body.js';
import type { PageError } from '../page-error.js';

const MAX_BODY = 8 * 1024;


/**
 * `POST /preview/@kit/page-error` with `{"message", "address", "line", "column"}`: an error
 * thrown while the page's modules loaded or ran, told to the terminal (`onPageError`). JSON
 * only, from this origin only (checkSameOrigin), as the editor route.
 */
export async function answerPageError(ctx: ServiceContext, event: H3Event): Promise<Answer> {
  const body = await readJsonBody(event, MAX_BODY, '{"message": …, "address": …}');
  if ('refused' in body) return body.refused;
  const error = readPageError(body.value);
  if (!error) return refuse('REQUEST_INVALID', 'the body is not an error: send {"message": "<text>", "address": "/m/…", "line": <n>, "column": <n>}');
  ctx.options.onPageError?.(error);
  return { kind: 'empty' };
}

function readPageError(value: unknown): PageError | undefined {
  const { message, address, line, column } = (value ?? {}) as Record<string, unknown>;
  const count = (n: unknown) => n === undefined || (Number.isInteger(n) && (n as number) > 0);
  if (typeof message !== 'string' || !message || (address !== undefined && (typeof address !== 'string' || !address.startsWith('/m/'))) || !count(line) || !count(column)) return undefined;
  // One line on the terminal: what a page says is cut short and stripped of control characters.
  const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500);
  return { message: clean(message), address: address === undefined ? undefined : clean(address as string), line: line as number | undefined, column: column as number | undefined };
}
