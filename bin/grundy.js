#!/usr/bin/env node
// The `grundy` command: runs the CLI's bundle (npm ci builds it through npm's `dependencies`
// script; rolldown.config.mjs says why a bundle). `grundy compute` starts its worker threads
// first, while the rest loads (src/cli/head-start.ts).
const { startComputeThreads } = await import('../dist/cli/head-start.js');
startComputeThreads(process.argv.slice(2));
await import('../dist/cli/main.js');
