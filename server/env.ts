/** The process environment as the settings read it (a test passes its own). */
export type Env = Record<string, string | undefined>;

/** A variable's text, or null when it is unset or empty. */
export const envText = (env: Env, name: string): string | null => {
  const raw = env[name];
  return raw === undefined || raw === '' ? null : raw;
};

/** A positive number, or `fallback` when unset; anything else stops the start with the variable named. */
export function envNumber(env: Env, name: string, fallback: number): number {
  const raw = envText(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}
