import type { NextConfig } from "next";
import "./src/env";

const config: NextConfig = {
  reactStrictMode: true,
  transpilePackages: ["@meshbench/api", "@meshbench/contracts", "@meshbench/core", "@meshbench/db", "@meshbench/formats", "@meshbench/ui"],
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "@prisma/client"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
