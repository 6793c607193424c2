import { generateKeyPairSync } from "node:crypto";
import {
  type TBenchmarkDefinition,
  type TMeshKind,
  type TTemplateKey,
  type TTemplateOptions,
  type TVariant,
  ZBenchmarkDefinition,
} from "@meshbench/contracts";
import { buildTemplate, listTemplates } from "@meshbench/core";

/** Every choice of 1…max distinct meshes out of the allowed ones (a variant does not depend on its slot). */
function choices(allowed: TMeshKind[], max: number): TMeshKind[][] {
  const out: TMeshKind[][] = [];
  const grow = (prefix: TMeshKind[], from: number) => {
    if (prefix.length) out.push(prefix);
    if (prefix.length === max) return;
    allowed.forEach((m, i) => i >= from && grow([...prefix, m], i + 1));
  };
  grow([], 0);
  return out;
}

export type TemplateCase = readonly [TTemplateKey, string, string, TTemplateOptions];

/** A real RS256 public key as an inline JWKS, as `secrets.generateTestJwt` makes one. */
export const TEST_JWKS = JSON.stringify({
  keys: [
    {
      ...generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" }),
      kid: "test",
      alg: "RS256",
      use: "sig",
    },
  ],
});
const TEST_JWT = { secret: "elca-jwt", issuer: "meshbench-test/elca-jwt", jwks: TEST_JWKS };

/**
 * Every template × mode × mesh choice the template accepts (a refused choice is its own test),
 * and for the modes with a JWT variant the same choices with a token.
 */
export const TEMPLATE_CASES: TemplateCase[] = listTemplates().flatMap((t) =>
  t.modes.flatMap((mode) =>
    [undefined, ...choices(t.allowedMeshes, t.maxMeshes)].flatMap((meshes) => {
      const plain: TTemplateOptions = { mode: mode.value, ...(meshes ? { meshes } : {}) };
      const withJwt = t.jwtModes?.includes(mode.value) ? [{ ...plain, jwt: TEST_JWT }] : [];
      return [plain, ...withJwt].flatMap((options) => {
        try {
          buildTemplate(t.key, options);
        } catch {
          return [];
        }
        const label = `${meshes?.join("+") ?? "defaults"}${options.jwt ? " with a JWT" : ""}`;
        return [[t.key, mode.value, label, options] as const];
      });
    }),
  ),
);

/** A variant as a template builds it, with the definition it belongs to. */
export type TemplateVariant = {
  key: TTemplateKey;
  definition: TBenchmarkDefinition;
  variant: TVariant;
};

/**
 * The distinct variants every case builds: a variant's manifests, labels and pods depend on its
 * template, mode and mesh only, so each distinct one (by everything but its slot) is listed once.
 */
export function distinctTemplateVariants(cases = TEMPLATE_CASES): TemplateVariant[] {
  const seen = new Map<string, TemplateVariant>();
  for (const [key, , , options] of cases) {
    const definition = ZBenchmarkDefinition.parse(buildTemplate(key, options).definition);
    for (const variant of definition.variants) {
      const id = JSON.stringify([key, definition.target, variant]);
      if (!seen.has(id)) seen.set(id, { key, definition, variant });
    }
  }
  return [...seen.values()];
}
