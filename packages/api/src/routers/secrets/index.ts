import { createTRPCRouter } from "../../trpc";
import { deleteSecret } from "./delete-secret";
import { generateTestJwt } from "./generate-test-jwt";
import { listSecrets } from "./list-secrets";
import { putSecret } from "./put-secret";

/** Workspace header secrets: members list names; admins create, replace, delete, generate. */
export const secretsRouter = createTRPCRouter({
  list: listSecrets,
  put: putSecret,
  delete: deleteSecret,
  generateTestJwt,
});
