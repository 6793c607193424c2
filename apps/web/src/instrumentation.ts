/** Runs once when the server starts (Next's instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { registerFastRoutes } = await import("./server/fast-routes");
  registerFastRoutes();
}
