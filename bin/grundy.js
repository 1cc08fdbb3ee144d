#!/usr/bin/env node
// The `grundy` command: runs the compiled CLI (npm ci builds it through the `prepare` script).
import '../dist/src/cli/main.js';
