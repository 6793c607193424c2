import { createTRPCRouter } from "../../trpc";
import { createShareLink } from "./create-share-link";
import { exportShared } from "./export-shared";
import { listShareLinks } from "./list-share-links";
import { revokeShareLink } from "./revoke-share-link";
import { viewShared } from "./view-shared";

export const shareRouter = createTRPCRouter({
  create: createShareLink,
  revoke: revokeShareLink,
  list: listShareLinks,
  view: viewShared,
  export: exportShared,
});
