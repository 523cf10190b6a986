import { createRequire } from 'node:module';

// The CommonJS packages kit uses, loaded by `require`. Imported, each entry would first be read
// and lexed by node's ESM loader for its export names (esbuild's entry is large), at every
// start of kit, before any work.
const require = createRequire(import.meta.url);

export const esbuild: typeof import('esbuild') = require('esbuild');
export const swc: typeof import('@swc/core') = require('@swc/core');
export const postcss: typeof import('postcss') = require('postcss');
export const valueParser: typeof import('postcss-value-parser') = require('postcss-value-parser');
export const semver: typeof import('semver') = require('semver');
export const jsonc: typeof import('jsonc-parser') = require('jsonc-parser');
