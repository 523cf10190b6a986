/**
 * Diagnostics are plain data until the edge (a CLI line or an HTTP body) turns them into
 * output. Every code kit can produce is in this table, sorted, with the HTTP status a
 * request answers with when the code is the reason it failed.
 */

/** One problem, located in a file of the workspace (paths relative to it, 1-based positions). */
export interface Diagnostic {
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/**
 * Diagnostics in the order of the places they name (file, line, column), those naming none
 * last: a bundler that resolves imports concurrently (rolldown) meets them in no fixed order,
 * and both bundlers must say the same thing alike.
 */
export function inSourceOrder(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic) => [d.file ?? '\uffff', d.line ?? 0, d.column ?? 0] as const;
  return [...diagnostics].sort((a, b) => {
    const [fa, la, ca] = key(a);
    const [fb, lb, cb] = key(b);
    return fa === fb ? la - lb || ca - cb : fa < fb ? -1 : 1;
  });
}

/** Where a diagnostic points: a workspace-relative file and a 1-based position. */
export interface Location {
  file: string;
  line?: number;
  column?: number;
}

/**
 * Every code kit gives, sorted: the HTTP status a request answers with when the code is why
 * it failed (CONTRACT §3, spec "Errors"), and whether the code is a warning, which fails
 * nothing. Each has an entry in docs/errors.md, which `kit explain` prints. TypeScript's own
 * codes (`TS<n>`) are TypeScript's.
 */
export const CODES = {
  ASSET_NOT_DECLARED: {},
  BUILD_FAILED: { status: 422 },
  BUNDLE_ERROR: {},
  CONDITIONAL_NOT_FOUND: {},
  CROSS_SITE_FORBIDDEN: { status: 403 },
  DEPENDENCY_INCOMPATIBLE: {},
  DEPENDENCY_NOT_DECLARED: {},
  ESBUILD_NO_DECORATOR_METADATA: { warning: true },
  EXPORTS_PATTERN_EMPTY: { warning: true },
  EXTENSION_DISABLED: { status: 404 },
  HEADERS_TOO_LARGE: { status: 431 },
  HELPER_SHARED: { warning: true },
  HOST_NOT_ALLOWED: { status: 403 },
  IMPORT_CROSSES_MODULE: {},
  INTERNAL_ERROR: { status: 500 },
  MANIFEST_INVALID: {},
  MANIFEST_UNKNOWN_KEY: { warning: true },
  METHOD_NOT_ALLOWED: { status: 405 },
  MODULE_NOT_FOUND: { status: 404 },
  NOT_FOUND: { status: 404 },
  OPTION_INVALID: { status: 400 },
  OPTION_UNSUPPORTED: { status: 400 },
  OUTPUT_NOT_AVAILABLE: { status: 404 },
  PACKAGES_GLOB_EMPTY: { warning: true },
  PACKAGE_NOT_FOUND: { status: 404 },
  PACKAGE_NO_MODULES: { warning: true },
  PREVIEW_BUILTIN: {},
  PREVIEW_CDN_UNSET: {},
  PREVIEW_ENTRY_NOT_FOUND: { status: 404 },
  PREVIEW_ENTRY_REQUIRED: { status: 409 },
  PREVIEW_VERSION_UNRESOLVED: {},
  REQUEST_INVALID: { status: 400 },
  REQUEST_TIMEOUT: { status: 408 },
  RUNTIME_ERROR: {},
  SELECTION_INVALID: { status: 400 },
  TSCONFIG_MAPPED: { warning: true },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  UPDATE_SUPERSEDED: { status: 409 },
  VERSION_MISMATCH: { status: 404 },
  VERSION_UNCHANGED: { warning: true },
} as const satisfies Record<string, { status?: number; warning?: true }>;

type Codes = typeof CODES;

/** A code that answers a request. */
export type ErrorCode = { [K in keyof Codes]: Codes[K] extends { status: number } ? K : never }[keyof Codes];

/** The HTTP status of each code that answers a request. */
export const STATUS_BY_CODE = Object.fromEntries(Object.entries(CODES).flatMap(([code, about]) => ('status' in about ? [[code, about.status]] : []))) as Record<ErrorCode, number>;

function at(code: string, message: string, location?: Location): Diagnostic {
  return location ? { code, message, ...location } : { code, message };
}

/** A manifest that cannot be used as written. */
export function manifestInvalid(message: string, location: Location): Diagnostic {
  return at('MANIFEST_INVALID', message, location);
}

/** A manifest member kit does not read (a typo, most often): a warning, never an error. */
export function unknownKey(message: string, location: Location): Diagnostic {
  return at('MANIFEST_UNKNOWN_KEY', message, location);
}

/** A bundler or stylesheet failure; `location` names the offending file. */
export function bundleError(message: string, location?: Location): Diagnostic {
  return at('BUNDLE_ERROR', message, location);
}

/**
 * A relative import that reaches into another public module: each module is its own
 * artifact at its own address, so what another module offers is imported by its specifier.
 */
export function importCrossesModule(message: string, location: Location): Diagnostic {
  return at('IMPORT_CROSSES_MODULE', message, location);
}

/** A file imported (or referenced by `url()`) that the module does not list under `assets`. */
export function assetNotDeclared(file: string, moduleManifest: string, location: Location): Diagnostic {
  return at(
    'ASSET_NOT_DECLARED',
    `'${file}' is imported but not declared; add it to "assets" in ${moduleManifest}`,
    location,
  );
}

/**
 * A module compiled for a platform its `module.json` does not list; `position` is where
 * `platforms` stands in that file (where the fix goes), when it is written there.
 */
export function conditionalNotFound(specifier: string, platform: string, manifest: string, position?: { line: number; column: number }): Diagnostic {
  const target = platform === 'web' ? 'browser' : platform;
  return at(
    'CONDITIONAL_NOT_FOUND',
    manifest.endsWith('module.json')
      ? `${specifier} does not declare the platform '${platform}' (target=${target}); add it to "platforms" in ${manifest} if it really runs there`
      : `${specifier} does not declare the platform '${platform}' (target=${target}): without a module.json it runs in browsers only; declare "platforms" in a module.json beside its entry if it really runs there`,
    { file: manifest, line: position?.line ?? 1, column: position?.column ?? 1 },
  );
}

/** A bare import of a package that `dependencies` does not list. */
export function dependencyNotDeclared(name: string, packageManifest: string, location: Location): Diagnostic {
  return at(
    'DEPENDENCY_NOT_DECLARED',
    `'${name}' is imported but not declared; add it to "dependencies" in ${packageManifest}`,
    location,
  );
}

/**
 * A workspace package whose version does not satisfy the declared range. `location` is the
 * range in the importing package's `package.json` (where the fix goes); `importedAt` is the
 * import that needs it.
 */
export function dependencyIncompatible(name: string, version: string, range: string, location: Location, importedAt: Location): Diagnostic {
  const where = `${importedAt.file}${importedAt.line ? `:${importedAt.line}:${importedAt.column ?? 1}` : ''}`;
  return at(
    'DEPENDENCY_INCOMPATIBLE',
    `'${name}' is at ${version} in the workspace, which does not satisfy the range '${range}' declared here for the import in ${where}; correct the range or the version`,
    location,
  );
}

/** A browser module importing a Node built-in. */
export function previewBuiltin(name: string, location: Location): Diagnostic {
  return at(
    'PREVIEW_BUILTIN',
    `'${name}' is a Node built-in and does not run in a browser; remove the import, or list "node" in "platforms" and compile for target=node`,
    location,
  );
}

/** An installed package that needs a Node built-in its `browser` field does not replace. */
export function installedBuiltin(pkg: string, name: string, location?: Location): Diagnostic {
  return at(
    'PREVIEW_BUILTIN',
    `${pkg} imports the Node built-in '${name}', which browsers do not have, and its package.json gives no browser replacement for it; use the package's browser build or another package, or import it only from a module whose "platforms" is ["node"]`,
    location,
  );
}

/** `file:line:column CODE message`, the one-line form used by the CLI. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.file ? `${d.file}:${d.line ?? 1}:${d.column ?? 1} ` : '';
  return `${where}${d.code} ${d.message}`;
}
