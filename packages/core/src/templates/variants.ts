import type { TMeshKind, TVariant } from "@meshbench/contracts";

export type VariantInput = Partial<TVariant> & Pick<TVariant, "name" | "mesh">;

/** The unmeshed reference every template compares against. */
export function noMeshVariant(): VariantInput {
  return { name: "no-mesh", mesh: "baseline" };
}

/** A mesh slot's plain variant, named after the mesh ("istio-ambient", "linkerd"…). */
export function meshVariant(mesh: TMeshKind, extra: Partial<TVariant> = {}): VariantInput {
  return { name: mesh, mesh, ...extra };
}

export function isIstio(mesh: TMeshKind): boolean {
  return mesh === "istio-sidecar" || mesh === "istio-ambient";
}
