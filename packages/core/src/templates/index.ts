import {
  DomainError,
  TEMPLATE_KEYS,
  type TBenchmarkDefinitionInput,
  type TMeshKind,
  type TTemplateKey,
  type TTemplateOptions,
  type TTemplateSummary,
} from "@meshbench/contracts";
import { ambientVsNoMesh } from "./ambient-vs-no-mesh";
import { elcaFeatureCost } from "./elca-feature-cost";
import { istioPerfPage } from "./istio-perf-page";
import { kmeshVsAmbient } from "./kmesh-vs-ambient";
import { linkerdVsIstio } from "./linkerd-vs-istio";
import { applyTestScale } from "./test-scale";
import type { BenchmarkTemplate } from "./types";

export { applyTestScale, TEST_SCALE } from "./test-scale";
export type { BenchmarkTemplate, TemplateChoice } from "./types";

const TEMPLATES: Record<TTemplateKey, BenchmarkTemplate> = {
  "ambient-vs-no-mesh": ambientVsNoMesh,
  "elca-feature-cost": elcaFeatureCost,
  "linkerd-vs-istio": linkerdVsIstio,
  "istio-perf-page": istioPerfPage,
  "kmesh-vs-ambient": kmeshVsAmbient,
};

/** The five write-ups, in the order (A…E). */
export function listTemplates(): TTemplateSummary[] {
  return TEMPLATE_KEYS.map((key) => TEMPLATES[key].summary);
}

/**
 * The benchmark a template makes for the user's mesh choice (unset: the template's defaults),
 * optionally at test scale. Bad choices are BAD_REQUEST naming the option.
 */
export function buildTemplate(
  key: TTemplateKey,
  options: TTemplateOptions = {},
): { summary: TTemplateSummary; definition: TBenchmarkDefinitionInput } {
  const template = TEMPLATES[key];
  const { summary } = template;
  const meshes: TMeshKind[] = options.meshes ?? summary.defaultMeshes;
  const mode = options.mode ?? summary.defaultMode;
  meshes.forEach((mesh, i) => {
    if (!summary.allowedMeshes.includes(mesh))
      throw new DomainError(
        "BAD_REQUEST",
        `meshes[${i}]: ${key} takes ${summary.allowedMeshes.join(", ")}, not ${mesh}`,
        `meshes[${i}]`,
      );
    if (meshes.indexOf(mesh) !== i)
      throw new DomainError("BAD_REQUEST", `meshes[${i}]: ${mesh} is chosen twice`, `meshes[${i}]`);
  });
  if (meshes.length > summary.maxMeshes)
    throw new DomainError(
      "BAD_REQUEST",
      `meshes: ${key} compares at most ${summary.maxMeshes} meshes`,
      "meshes",
    );
  if (!summary.modes.some((m) => m.value === mode))
    throw new DomainError(
      "BAD_REQUEST",
      `mode: ${key} has modes ${summary.modes.map((m) => m.value).join(", ")}`,
      "mode",
    );
  const jwt = options.jwt ? { ...options.jwt, generated: options.jwt.generated ?? false } : null;
  if (jwt && !summary.jwtModes?.includes(mode))
    throw new DomainError(
      "BAD_REQUEST",
      `jwt: ${key} has a JWT variant only in mode ${summary.jwtModes?.join(", ") || "(none)"}`,
      "jwt",
    );
  const problem = template.problem?.({ meshes, mode, jwt }) ?? null;
  if (problem) throw new DomainError("BAD_REQUEST", `meshes: ${problem}`, "meshes");
  const definition = template.build({ meshes, mode, jwt });
  return { summary, definition: options.testScale ? applyTestScale(definition) : definition };
}
