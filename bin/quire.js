#!/usr/bin/env node
// `npx quire …`: the operator CLI. TypeScript runs through tsx's loader; no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
