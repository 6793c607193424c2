import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";
import "./src/env";
import { SECURITY_HEADERS } from "./src/server/security-headers";

const config: NextConfig = {
  reactStrictMode: true,
  transpilePackages: [
    "@meshbench/api",
    "@meshbench/contracts",
    "@meshbench/core",
    "@meshbench/db",
    "@meshbench/formats",
    "@meshbench/observability",
    "@meshbench/services",
    "@meshbench/ui",
  ],
  serverExternalPackages: [
    "pg",
    "@prisma/adapter-pg",
    "@prisma/client",
    "@kubernetes/client-node",
    "pg-boss",
    // Read from its installed files at run time (api/docs/[asset]), never bundled.
    "swagger-ui-dist",
  ],
  poweredByHeader: false,
  // Self-contained server for the container image (infra/docker); trace from the monorepo root
  // so the workspace packages and their dependencies are copied in.
  output: "standalone",
  outputFileTracingRoot: fileURLToPath(new URL("../..", import.meta.url)),
  // Every response, API included (the front door's fast routes add the same: security-headers.ts).
  headers() {
    return Promise.resolve([
      {
        source: "/:path*",
        headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ]);
  },
  typedRoutes: false,
};

export default config;
