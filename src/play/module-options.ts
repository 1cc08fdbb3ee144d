import { pathToFileURL } from 'node:url';
import { UsageError } from '../errors.js';
import type { OptionsFunction } from '../kernels/kernel.js';

const loaded = new Map<string, OptionsFunction>();

/** The `options(n)` function of a custom rules module (the same exports the chunk worker accepts). */
export async function loadModuleOptions(path: string): Promise<OptionsFunction> {
  const cached = loaded.get(path);
  if (cached) return cached;
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (err) {
    throw new UsageError(`custom rules module ${path} failed to load: ${(err as Error).message}`);
  }
  const candidate =
    mod.options ?? (mod.default as Record<string, unknown> | undefined)?.options ?? (typeof mod.default === 'function' ? mod.default : undefined);
  if (typeof candidate !== 'function') throw new UsageError(`custom rules module ${path} must export a function options(n)`);
  loaded.set(path, candidate as OptionsFunction);
  return candidate as OptionsFunction;
}
