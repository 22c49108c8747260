// The entry of the pipeline's worker threads (bounded-stages.ts). Threads start without the
// parent's command-line flags, so TypeScript is loaded here through tsx's API the same way
// whether the service was started by `npm start`, `npx quire` or the test runner.
import { register as registerHooks } from 'node:module';
import { register } from 'tsx/esm/api';

register();
registerHooks('./plain-modules.mjs', import.meta.url);
const tasks = await import('./stage-tasks.ts');

export const convert = tasks.convert;
export const identify = tasks.identify;
export const extract = tasks.extract;
export const understand = tasks.understand;
