#!/usr/bin/env node
// kit's compiled code (lib/) is built in kit's own checkout (`npm run build`; `npm pack` builds
// it too), never by a workspace's install: say so rather than fail on a missing module.
import { existsSync } from 'node:fs';

const main = new URL('../lib/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write(`kit: kit is not built in ${new URL('..', import.meta.url).pathname}; run "npm ci && npm run build" there\n`);
  process.exit(1);
}
const { main: run } = await import(main.href);
run(process.argv.slice(2));
