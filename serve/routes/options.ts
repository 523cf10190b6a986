import type { H3Event } from 'h3';
import { parseOptions, type CompileOptions } from '../../compiler/index.js';
import { refuse, type Audience, type ErrorAnswer } from '../answer.js';
import type { ServiceContext } from '../context.js';
import { checkSameOrigin } from '../guard.js';
import { rememberLast } from '../memo.js';

/** The options of a code or styles address, once they are known to be answerable. */
export interface CheckedOptions {
  kind: 'options';
  options: CompileOptions;
}

/**
 * The options of a code or styles address, or the refusal to answer: malformed or
 * unsupported options, and development outputs without the extension or for another site.
 */
export function checkOptions(ctx: ServiceContext, event: H3Event, rawQuery: string): CheckedOptions | ErrorAnswer {
  const parsed = parsedOptions(rawQuery);
  if (!parsed.ok) return refuse(parsed.code, parsed.message);
  if (parsed.options.env === 'development') {
    if (!ctx.options.development) return refuse('EXTENSION_DISABLED', 'development outputs need the development extension; start kit run with KIT_SERVICE_EXTENSIONS=@kit-js/packages/development');
    const refused = checkSameOrigin(event);
    if (refused) return refused;
  }
  return { kind: 'options', options: parsed.options };
}

/** Shared by every request with that query: frozen, so that none can change another's. */
const parsedOptions = rememberLast(256, (rawQuery) => {
  const parsed = parseOptions(new URLSearchParams(rawQuery));
  if (parsed.ok) Object.freeze(parsed.options);
  return parsed;
});

/** Who may cache and read an output with these options, from this service. */
export function audienceOf(ctx: ServiceContext, options: CompileOptions): Audience {
  if (options.env === 'development') return 'development';
  return ctx.options.development ? 'production-dev-service' : 'production-origin';
}
