import { createTRPCRouter } from "../../trpc";
import { getTemplate } from "./get-template";
import { listTemplates } from "./list-templates";

export const templatesRouter = createTRPCRouter({
  list: listTemplates,
  get: getTemplate,
});
