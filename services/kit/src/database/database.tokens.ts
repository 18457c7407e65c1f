export const DB = Symbol('DB');
export const PG_POOL = Symbol('PG_POOL');
