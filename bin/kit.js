#!/usr/bin/env node
import { main } from '../lib/cli/main.js';

main(process.argv.slice(2));
