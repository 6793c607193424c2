import { z } from "zod";
import { BUNDLE_VERSION, ZRunBundle } from "./bundle";

/** Where the committed JSON schema of the bundle lives, relative to the repository root. */
export const BUNDLE_SCHEMA_PATH = `docs/bundle/meshbench-bundle-v${BUNDLE_VERSION}.schema.json`;

/**
 * The reproducibility bundle's JSON schema (draft 2020-12), generated from ZRunBundle: the
 * documented format. `pnpm bundle:schema` writes it to BUNDLE_SCHEMA_PATH; a test keeps the
 * committed file equal to this.
 */
export function bundleJsonSchema() {
  return {
    ...z.toJSONSchema(ZRunBundle, { target: "draft-2020-12" }),
    title: `Meshbench reproducibility bundle, version ${BUNDLE_VERSION}`,
    description:
      "One finished run: its definition snapshot (manifests with sha256 digests, images), " +
      "environment and fingerprint, every trial's exact histogram and numbers, resource " +
      "samples, the noise calibration its report used and its verdict records. Sealed values " +
      "never travel: each is a `<secret:name>` placeholder listed in `secrets`, which an import " +
      "must fill.",
  };
}
