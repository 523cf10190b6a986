/** The seven options of a `modules` or `styles` address (CONTRACT §3). */
export interface CompileOptions {
  target: 'browser' | 'node';
  format: 'esm';
  env: 'development' | 'production';
  min: boolean;
  sourcemap: 'inline' | 'none';
  types: false;
  css: false;
}

export const DEVELOPMENT: CompileOptions = { target: 'browser', format: 'esm', env: 'development', min: false, sourcemap: 'inline', types: false, css: false };
export const PRODUCTION: CompileOptions = { ...DEVELOPMENT, env: 'production', min: true, sourcemap: 'none' };

/** Values each option accepts as well-formed; some well-formed values are still unsupported. */
const WELL_FORMED: Record<keyof CompileOptions, readonly string[]> = {
  target: ['browser', 'node'],
  // rollup's output formats: all well-formed, only esm produced.
  format: ['esm', 'cjs', 'iife', 'umd', 'amd', 'system'],
  env: ['development', 'production'],
  min: ['true', 'false'],
  sourcemap: ['inline', 'none', 'external'],
  types: ['true', 'false'],
  css: ['true', 'false'],
};
const NAMES = Object.keys(WELL_FORMED) as (keyof CompileOptions)[];

export type OptionsParse = { ok: true; options: CompileOptions } | { ok: false; code: 'OPTION_INVALID' | 'OPTION_UNSUPPORTED'; message: string };

/**
 * Parses the query of a `modules`/`styles` address. All seven options are required, once
 * each, so every artifact has exactly one address.
 */
export function parseOptions(query: URLSearchParams): OptionsParse {
  const invalid = (message: string): OptionsParse => ({ ok: false, code: 'OPTION_INVALID', message });
  for (const key of new Set(query.keys())) {
    if (!NAMES.includes(key as keyof CompileOptions)) return invalid(`unknown option "${key}"; the options are ${NAMES.join(', ')}`);
  }
  const raw: Partial<Record<keyof CompileOptions, string>> = {};
  for (const name of NAMES) {
    const value = query.get(name);
    if (value === null) return invalid(`the option "${name}" is missing; every address carries all of ${NAMES.join(', ')}`);
    if (!WELL_FORMED[name].includes(value)) return invalid(`"${name}=${value}" is not valid; use one of ${WELL_FORMED[name].join(', ')}`);
    raw[name] = value;
  }
  const options = {
    target: raw.target,
    format: raw.format,
    env: raw.env,
    min: raw.min === 'true',
    sourcemap: raw.sourcemap,
    types: raw.types === 'true',
    css: raw.css === 'true',
  } as unknown as CompileOptions;
  const unsupported = unsupportedReason(options);
  return unsupported ? { ok: false, code: 'OPTION_UNSUPPORTED', message: unsupported } : { ok: true, options };
}

/** Why a well-formed combination is not produced, or undefined when it is. */
function unsupportedReason(o: { format: string; env: string; min: boolean; sourcemap: string; types: boolean; css: boolean }): string | undefined {
  if (o.format !== 'esm') return `format=${o.format} is not produced; modules are ES modules (format=esm)`;
  if (o.types) return 'types=true is not produced; use types=false';
  if (o.css) return 'css=true is not produced; the stylesheet has its own address (styles/<subpath>), use css=false';
  if (o.env === 'production' && !o.min) return 'production output is minified only; use min=true with env=production';
  if (o.env === 'production' && o.sourcemap !== 'none') return 'production output has no source map; use sourcemap=none with env=production';
  if (o.env === 'development' && o.min) return 'development output is not minified; use min=false with env=development';
  if (o.sourcemap !== 'inline' && o.sourcemap !== 'none') return `sourcemap=${o.sourcemap} is not produced; use inline or none`;
  return undefined;
}

/** The canonical query string of `options`, in a fixed order. */
export function formatOptions(options: CompileOptions): string {
  return NAMES.map((name) => `${name}=${String(options[name])}`).join('&');
}

/** True for the outputs made of replaceable files, for hot updates (compiler/hot/): development outputs for browsers. */
export function isHotOutput(options: CompileOptions): boolean {
  return options.env === 'development' && options.target === 'browser';
}
