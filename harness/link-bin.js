#!/usr/bin/env node
// `npm ci`/`npm install` run this (package.json "prepare"): npm links the bins of dependencies into
// node_modules/.bin but not the project's own, so `npx salesgym` would not find it. Idempotent.
import { mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const link = join(root, 'node_modules', '.bin', 'salesgym');
const target = relative(dirname(link), join(root, 'harness', 'salesgym.js'));
mkdirSync(dirname(link), { recursive: true });
let current = null;
try {
	current = readlinkSync(link);
} catch {
	// no link yet
}
if (current !== target) {
	rmSync(link, { force: true });
	symlinkSync(target, link);
}
