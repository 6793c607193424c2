import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";
import "./src/env";

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
  // Every response, API included (pages also get a nonce CSP from src/proxy.ts).
  headers() {
    return Promise.resolve([
      {
        source: "/:path*",
        headers: [
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
        ],
      },
    ]);
  },
  typedRoutes: false,
};

export default config;
