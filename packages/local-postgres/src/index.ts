export { startLocalPostgres, defaultDataRoot, type LocalPostgres } from "./embedded-postgres";
export { createDatabase, safeDatabaseName, withDatabase } from "./databases";
export { findFreePort } from "./free-port";
