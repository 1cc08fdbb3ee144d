#!/usr/bin/env node
// The `grundy` command: runs the CLI's bundle (npm ci builds it through the `prepare` script;
// rolldown.config.mjs says why a bundle).
import '../dist/cli/main.js';
