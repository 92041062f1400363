import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The validators of the deployment files are Debian packages (.ci/run installs them): a missing one fails the check
 * with the package to install, never skips it.
 */
export interface ToolRun { status: number | null; stdout: string; stderr: string }

export function runTool(
  debianPackage: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {},
): ToolRun {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    timeout: 60_000,
    input: options.input,
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
  });
  if (result.error && 'code' in result.error && result.error.code === 'ENOENT') {
    throw new Error(`${command} is not installed: install the Debian package ${debianPackage} (apt-get install ${debianPackage}; .ci/run does)`);
  }
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export const read = (path: string): string => readFileSync(path, 'utf8');

/** Debian's Python, whose packages (python3-yaml with yamllint, python3-jsonschema) .ci/run installs: a `python3` first on
 * PATH may be another (pyenv) without them. */
const DEBIAN_PYTHON = '/usr/bin/python3';

/** A YAML file as data, anchors and merge keys resolved, by the PyYAML that yamllint runs on. */
export function readYaml(path: string): unknown {
  const run = runTool('yamllint', DEBIAN_PYTHON, ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'], { input: read(path) });
  if (run.status !== 0) throw new Error(`${path} is not YAML PyYAML reads: ${run.stderr}`);
  return JSON.parse(run.stdout) as unknown;
}

const SCHEMA_CHECK = [
  'import json, sys, yaml',
  'try:',
  '    import jsonschema',
  'except ImportError:',
  "    sys.exit('jsonschema is not installed: install the Debian package python3-jsonschema (apt-get install python3-jsonschema; .ci/run does)')",
  'schema = json.load(open(sys.argv[1]))',
  'for error in jsonschema.Draft7Validator(schema).iter_errors(yaml.safe_load(open(sys.argv[2]))):',
  "    print('/'.join(map(str, error.absolute_path)) + ': ' + error.message)",
].join('\n');

/** What a JSON Schema (draft 7) finds wrong in a YAML file, one line each; empty when nothing. */
export function schemaProblems(schema: string, path: string): string {
  const run = runTool('yamllint', DEBIAN_PYTHON, ['-c', SCHEMA_CHECK, schema, path]);
  return `${run.stdout}${run.stderr}${run.status === 0 ? '' : `(exit ${run.status})`}`;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** '15s', '1m30s', '250ms' (compose, Caddy) or a bare number of seconds (systemd) in milliseconds. */
export function durationMs(text: string): number {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) throw new Error(`not a duration: "${text}"`);
  return parts.reduce((sum, [, value, unit]) => sum + Number(value) * (UNIT_MS[unit ?? ''] ?? Number.NaN), 0);
}
