import { Struct, union as superstructUnion } from 'superstruct';

/** The members of each union the contract declares: superstruct keeps them in a closure, the API document needs them. */
const membersOf = new WeakMap<object, readonly unknown[]>();

/**
 * superstruct's `union`, remembering its members so server/api-docs can describe it (one of them). The contract
 * imports `union` from here only (eslint.config.js says so).
 */
export const union: typeof superstructUnion = (structs) => {
  const struct = superstructUnion(structs);
  membersOf.set(struct, structs);
  return struct;
};

/** The members of a union made by `union` above; null for any other struct. */
export function unionMembers(struct: object): Struct<unknown, unknown>[] | null {
  const members = membersOf.get(struct);
  if (!members) return null;
  return members.filter((member): member is Struct<unknown, unknown> => member instanceof Struct);
}
