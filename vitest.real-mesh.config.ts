import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The real-mesh layer (`pnpm test:real-mesh`, scripts/test-real-mesh.sh): every *.real-mesh.test.ts
 * of the workspace in one run, sharing ONE 2-node real cluster with Istio ambient installed
 * (istiod, istio-cni, ztunnel; packages/testing/src/real-cluster/mesh) and one embedded Postgres.
 * The script decides first whether the layer can run here and says why when it cannot.
 */
export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.real-mesh.test.ts", "apps/*/src/**/*.real-mesh.test.ts"],
    globalSetup: [
      fileURLToPath(new URL("./packages/testing/src/global-setup.ts", import.meta.url)),
      fileURLToPath(
        new URL("./packages/testing/src/real-cluster/mesh-global-setup.ts", import.meta.url),
      ),
    ],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
