import { pathToFileURL } from 'node:url';
import { GrundyError } from '../errors.js';
import type { OptionsFunction } from '../kernels/kernel.js';
import type { Rules } from '../rules/types.js';

/** Load a custom rules module's options(n) (named export, default.options, or default function). */
export async function loadOptions(rules: Extract<Rules, { family: 'module' }>): Promise<OptionsFunction> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(rules.path).href)) as Record<string, unknown>;
  } catch (err) {
    throw new GrundyError(`custom rules module ${rules.path} failed to load: ${(err as Error).message}`, 2);
  }
  const candidate =
    mod.options ?? (mod.default as Record<string, unknown> | undefined)?.options ?? (typeof mod.default === 'function' ? mod.default : undefined);
  if (typeof candidate !== 'function') {
    throw new GrundyError(`custom rules module ${rules.path} must export a function options(n)`, 2);
  }
  return candidate as OptionsFunction;
}
