import { pathToFileURL } from 'node:url';
import { GrundyError } from '../errors.js';
import type { OptionsFunction } from '../kernels/kernel.js';
import type { CustomRules } from '../rules/types.js';
import { Heartbeat, LOADING } from '../kernels/heartbeat.js';

/**
 * The heartbeat of the task this worker thread is running (issue 6: --module-timeout) and the
 * last position a custom module was asked about. Kernels call options(n) in order, so when
 * options(n) fails or hangs, the values before n are already final.
 */
let heartbeat: Heartbeat | null = null;
let position = LOADING;

/** Worker side, at the start of each task: report to this heartbeat buffer (or to none). */
export function beginModuleTask(buffer: SharedArrayBuffer | undefined): void {
  heartbeat = buffer ? new Heartbeat(buffer) : null;
  position = LOADING;
  heartbeat?.beat(LOADING);
}

/** The position of the latest options(n) call in this task; LOADING before the first. */
export function lastModulePosition(): number {
  return position;
}

/** Import a user's module; a GrundyError (exit 2) naming it when it fails to load. */
export async function importUserModule(path: string, label: string): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (err) {
    throw new GrundyError(`${label} ${path} failed to load: ${(err as Error).message}`, 2);
  }
}

/** A named export of a module, or the same name on its default export. */
export function exported(mod: Record<string, unknown>, name: string): unknown {
  return mod[name] ?? (mod.default as Record<string, unknown> | undefined)?.[name];
}

/** Load a custom rules module's options(n) (named export, default.options, or default function). */
export async function loadOptions(rules: CustomRules): Promise<OptionsFunction> {
  const mod = await importUserModule(rules.path, 'custom rules module');
  const candidate = exported(mod, 'options') ?? (typeof mod.default === 'function' ? mod.default : undefined);
  if (typeof candidate !== 'function') {
    throw new GrundyError(`custom rules module ${rules.path} must export a function options(n)`, 2);
  }
  const options = candidate as OptionsFunction;
  return (n) => {
    position = n;
    heartbeat?.beat(n);
    return options(n);
  };
}
