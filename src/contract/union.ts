import { Struct, union as superstructUnion } from 'superstruct';

/**
 * The members of each union the contract declares: superstruct keeps them in a closure, the API document needs them.
 * Keyed by the union's coercer, which optional() and nullable() copy into the structs they make of it.
 */
const membersOf = new WeakMap<object, readonly unknown[]>();

/**
 * superstruct's `union`, remembering its members so server/api-docs can describe it (one of them). The contract
 * imports `union` from here only (eslint.config.js says so).
 */
export const union: typeof superstructUnion = (structs) => {
  const struct = superstructUnion(structs);
  membersOf.set(struct.coercer, structs);
  return struct;
};

/** The members of a union made by `union` above (optional or nullable too); null for any other struct. */
export function unionMembers(struct: { coercer: object }): Struct<unknown, unknown>[] | null {
  const members = membersOf.get(struct.coercer);
  if (!members) return null;
  return members.filter((member): member is Struct<unknown, unknown> => member instanceof Struct);
}
