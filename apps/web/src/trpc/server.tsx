import "server-only";
import { appRouter, createCaller } from "@meshbench/api";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { headers } from "next/headers";
import { cache, type ReactNode } from "react";
import { createRequestContext } from "~/server/context";
import { createQueryClient } from "./query-client";

const createContext = cache(async () => createRequestContext(new Headers(await headers())));

export const getQueryClient = cache(createQueryClient);

/** Query options for server prefetching into the request's QueryClient. */
export const trpc = createTRPCOptionsProxy({
  router: appRouter,
  ctx: createContext,
  queryClient: getQueryClient,
});

/** A direct server-side caller for server components. */
export const api = cache(async () => createCaller(await createContext()));

export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}
