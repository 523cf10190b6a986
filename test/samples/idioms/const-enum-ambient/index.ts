// A const enum declared in a declaration file beside the module: tsc inlines its members.
import { Level, Mode } from './ambient.js';
import type { Named } from './ambient.js';

const named: Named = { name: 'n' };
export const result = [Level.High, Level.Low, Mode.Dark, named.name];
