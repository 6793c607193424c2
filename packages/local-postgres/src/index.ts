export { startLocalPostgres, defaultDataRoot, type LocalPostgres } from "./embedded-postgres";
export { createDatabase, dropDatabase, withDatabase } from "./databases";
export { findFreePort } from "./free-port";
