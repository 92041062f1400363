const MAX_INT = 2_147_483_647;

/** Ids above PostgreSQL's integer range exist nowhere; mapping them to null keeps them out of queries that would fail. */
export const asDbId = (id: number): number | null => (Number.isSafeInteger(id) && id > 0 && id <= MAX_INT ? id : null);
