import { createTRPCRouter } from "../../trpc";
import { getHistoryProcedure } from "./get-history";

export const historyRouter = createTRPCRouter({ get: getHistoryProcedure });
