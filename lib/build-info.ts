import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the functions report as `build_major`, `build_minor` and `build_id` (shared/config.ts). */
export interface BuildInfo {
  /** `version` of package.json, e.g. `0.1.0`. */
  version: string;
  /** A commit, a CI build number, or `synth-<UTC timestamp>`. */
  id: string;
}

/**
 * Reads the build identity at synth time. The version comes from package.json on
 * disk (not an import: the JSON would otherwise be compiled into the CDK app and
 * could go stale under a watcher). The id comes from the `buildId` context, then
 * the BUILD_ID environment variable; without either, a synth timestamp, which
 * changes every function's configuration on every deploy, so CI should pass one.
 */
export function readBuildInfo(
  projectRoot: string,
  buildIdFromContext: unknown,
  environment: NodeJS.ProcessEnv = process.env,
  now: Date = new Date(),
): BuildInfo {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  const version = manifest.version;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+/.test(version)) {
    throw new Error(`package.json version must be semantic (x.y.z), got ${String(version)}`);
  }
  const fromContext = typeof buildIdFromContext === 'string' ? buildIdFromContext.trim() : '';
  const fromEnvironment = environment.BUILD_ID?.trim() ?? '';
  const timestamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return { version, id: fromContext || fromEnvironment || `synth-${timestamp}` };
}
