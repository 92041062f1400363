import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CallDefinition } from '../../src/contract/call';

export type AnyCall = CallDefinition<unknown, unknown, unknown>;

const contractDir = fileURLToPath(new URL('../../src/contract/', import.meta.url));

const isCall = (value: unknown): value is AnyCall =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value && 'response' in value;

/** Every call the contract defines (each module of src/contract, every exported defineCall), in a stable order. */
export async function contractCalls(): Promise<AnyCall[]> {
  const calls = new Map<string, AnyCall>();
  for (const file of readdirSync(contractDir).filter((name) => name.endsWith('.ts')).sort()) {
    const module = (await import(new URL(file, `file://${contractDir}`).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (isCall(value)) calls.set(`${value.method} ${value.path}`, value);
    }
  }
  return [...calls.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
