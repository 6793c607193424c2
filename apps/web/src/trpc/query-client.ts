import { defaultShouldDehydrateQuery, QueryClient } from "@tanstack/react-query";
import { wireTransformer } from "@meshbench/api/transformer";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000 },
      dehydrate: {
        serializeData: wireTransformer.serialize,
        shouldDehydrateQuery: (query) =>
          defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
      hydrate: { deserializeData: wireTransformer.deserialize },
    },
  });
}
