import { nodeRuntime } from "./build-mode";

/** Runs once when the server starts (Next's instrumentation hook). */
export async function register() {
  if (!nodeRuntime) return;
  const { registerFastRoutes } = await import("./server/fast-routes");
  registerFastRoutes();
}
