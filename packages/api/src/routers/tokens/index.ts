import { createTRPCRouter } from "../../trpc";
import { createToken } from "./create-token";
import { listTokens } from "./list-tokens";
import { revokeToken } from "./revoke-token";

export const tokensRouter = createTRPCRouter({
  list: listTokens,
  create: createToken,
  revoke: revokeToken,
});
