import { describe, expect, it } from "vitest";
import {
  qualifiedNameProblem,
  ZKubernetesAnnotations,
  ZKubernetesLabels,
} from "./kubernetes-names";

describe("Kubernetes label and annotation keys", () => {
  it.each([
    "constructor",
    "prototype",
    "app",
    "app.kubernetes.io/name",
    "sidecar.istio.io/proxyCPU",
    "a",
    "A_b.c-d",
    `${"x".repeat(253)}/${"y".repeat(63)}`,
  ])("accepts %s", (key) => expect(qualifiedNameProblem(key)).toBeNull());

  it.each([
    "",
    "__proto__",
    "-a",
    "a-",
    "has space",
    "UPPER.example/x",
    "/name",
    "prefix/",
    "a/b/c",
    "x".repeat(64),
    `${"x".repeat(254)}/y`,
  ])("refuses %j", (key) => expect(qualifiedNameProblem(key)).toMatch(/key/));

  it("names the map and the key in the issue path", () => {
    const result = ZKubernetesAnnotations.safeParse({ ok: "v", "bad key": "v" });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toContain("bad key");
  });

  it("checks label values but leaves annotation values free-form", () => {
    expect(ZKubernetesLabels.safeParse({ app: "has space" }).success).toBe(false);
    expect(ZKubernetesAnnotations.safeParse({ note: "has space, and more" }).success).toBe(true);
  });

  it("bounds the number of entries", () => {
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, "v"]));
    expect(ZKubernetesLabels.safeParse(many).success).toBe(false);
  });
});
