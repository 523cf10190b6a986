import { readRawBody, type H3Event } from 'h3';
import { refuse, type Answer } from '../answer.js';
import type { ServiceContext } from '../context.js';
import { requestHeader } from '../request.js';
import type { PageError } from '../page-error.js';

const MAX_BODY = 8 * 1024;


/**
 * `POST /preview/@kit/page-error` with `{"message", "address", "line", "column"}`: an error
 * thrown while the page's modules loaded or ran, told to the terminal (`onPageError`). JSON
 * only, from this origin only (checkSameOrigin), as the editor route.
 */
export async function answerPageError(ctx: ServiceContext, event: H3Event): Promise<Answer> {
  if (!/^application\/json\s*(;|$)/i.test(requestHeader(event, 'content-type') ?? '')) {
    return refuse('UNSUPPORTED_MEDIA_TYPE', 'send the error as JSON, with content-type: application/json: {"message": …, "address": …}');
  }
  const error = Number(requestHeader(event, 'content-length') ?? 0) > MAX_BODY ? undefined : readPageError(await readRawBody(event, 'utf8'));
  if (!error) return refuse('REQUEST_INVALID', 'the body is not an error: send {"message": "<text>", "address": "/m/…", "line": <n>, "column": <n>}');
  ctx.options.onPageError?.(error);
  return { kind: 'empty' };
}

function readPageError(body: string | undefined): PageError | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
  const { message, address, line, column } = (value ?? {}) as Record<string, unknown>;
  const count = (n: unknown) => n === undefined || (Number.isInteger(n) && (n as number) > 0);
  if (typeof message !== 'string' || !message || (address !== undefined && (typeof address !== 'string' || !address.startsWith('/m/'))) || !count(line) || !count(column)) return undefined;
  // One line on the terminal: what a page says is cut short and stripped of control characters.
  const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500);
  return { message: clean(message), address: address === undefined ? undefined : clean(address as string), line: line as number | undefined, column: column as number | undefined };
}
