import { closest, distance } from 'fastest-levenshtein';
import type { JSONPath } from 'jsonc-parser';
import { manifestInvalid, unknownKey, type Diagnostic } from '../diagnostics.js';
import type { JsonDocument, Position } from './json.js';

/**
 * Reads typed members out of a parsed manifest. A member of the wrong type becomes a
 * MANIFEST_INVALID diagnostic at the member's own position and reads as absent, so one
 * bad member never hides the others.
 */
export class Fields {
  constructor(
    readonly file: string,
    readonly document: JsonDocument,
    readonly diagnostics: Diagnostic[],
    readonly warnings: Diagnostic[] = [],
  ) {}

  /** Warns of each member of the object at `path` that kit does not read, at its name, naming the nearest one it does. */
  unknownKeys(path: JSONPath, known: readonly string[]): void {
    const object = valueAt(this.root, path);
    if (!isObject(object)) return;
    for (const key of Object.keys(object)) {
      if (known.includes(key) || key === '$schema') continue;
      this.warnUnknown(path, key, closest(key, [...known]));
    }
  }

  /**
   * Warns of each member of the object at `path` that is not one of `others` (members other
   * tools read) and is a letter or two away from one of `watched`: a misspelt key that
   * matters (`"dependancies"`), where any other unknown key is someone else's.
   */
  nearMisses(path: JSONPath, watched: readonly string[], others: ReadonlySet<string>): void {
    const object = valueAt(this.root, path);
    if (!isObject(object)) return;
    for (const key of Object.keys(object)) {
      if (watched.includes(key) || others.has(key)) continue;
      const near = closest(key, [...watched]);
      if (distance(key.toLowerCase(), near.toLowerCase()) <= (near.length <= 4 ? 1 : 2)) this.warnUnknown(path, key, near);
    }
  }

  private warnUnknown(path: JSONPath, key: string, near: string): void {
    const where = path.length ? ` in "${path.join('.')}"` : '';
    this.warnings.push(unknownKey(`"${key}" is not a member kit reads${where}; did you mean "${near}"?`, { file: this.file, ...this.document.keyPositionOf([...path, key]) }));
  }

  get root(): unknown {
    return this.document.value;
  }

  at(path: JSONPath): Position {
    return this.document.positionOf(path);
  }

  fail(path: JSONPath, message: string): void {
    this.diagnostics.push(manifestInvalid(message, { file: this.file, ...this.at(path) }));
  }

  /** The member at `path`, or undefined; reports a wrong type as `expected`. */
  private member<T>(path: JSONPath, expected: string, accept: (v: unknown) => v is T): T | undefined {
    const value = valueAt(this.root, path);
    if (value === undefined) return undefined;
    if (accept(value)) return value;
    this.fail(path, `"${path.join('.')}" must be ${expected}, not ${describe(value)}`);
    return undefined;
  }

  string(path: JSONPath): string | undefined {
    return this.member(path, 'a string', (v): v is string => typeof v === 'string');
  }

  boolean(path: JSONPath): boolean | undefined {
    return this.member(path, 'a boolean', (v): v is boolean => typeof v === 'boolean');
  }

  object(path: JSONPath): Record<string, unknown> | undefined {
    return this.member(path, 'an object', isObject);
  }

  /** An array whose items are all strings; a bad item is reported at its own position. */
  strings(path: JSONPath): string[] | undefined {
    const list = this.member(path, 'an array of strings', Array.isArray);
    if (!list) return undefined;
    const out: string[] = [];
    list.forEach((item, i) => {
      if (typeof item === 'string') out.push(item);
      else this.fail([...path, i], `"${path.join('.')}[${i}]" must be a string, not ${describe(item)}`);
    });
    return out;
  }

  /** An object whose values are all strings. */
  stringMap(path: JSONPath): Record<string, string> {
    const map = this.object(path) ?? {};
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(map)) {
      if (typeof value === 'string') out[key] = value;
      else this.fail([...path, key], `"${[...path, key].join('.')}" must be a string, not ${describe(value)}`);
    }
    return out;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(root: unknown, path: JSONPath): unknown {
  let value = root;
  for (const key of path) {
    if (typeof key === 'number' ? !Array.isArray(value) : !isObject(value)) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}
