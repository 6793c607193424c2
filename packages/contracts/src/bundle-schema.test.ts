import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZRunBundle } from "./bundle";
import { BUNDLE_SCHEMA_PATH, bundleJsonSchema } from "./bundle-schema";

describe("the bundle's documented JSON schema", () => {
  it("is the committed file (regenerate with `pnpm bundle:schema`)", () => {
    const file = path.resolve(import.meta.dirname, "../../..", BUNDLE_SCHEMA_PATH);
    const committed = JSON.parse(readFileSync(file, "utf8")) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(bundleJsonSchema())));
  });

  it("pins the format and version", () => {
    const { properties } = bundleJsonSchema() as { properties: Record<string, unknown> };
    expect(properties.format).toEqual({ type: "string", const: "meshbench.bundle" });
    expect(properties.version).toEqual({ type: "number", const: 1 });
  });
});

describe("a bundle's times", () => {
  it("refuses a verdict record judged at a time that is not an ISO time (it becomes a row)", () => {
    const verdicts = ZRunBundle.shape.verdicts;
    const record = (judgedAt: string) => [{ judgedAt }];
    const issues = (judgedAt: string) =>
      verdicts.safeParse(record(judgedAt)).error?.issues.filter((i) => i.path[1] === "judgedAt");
    expect(issues("")).toHaveLength(1);
    expect(issues("yesterday")).toHaveLength(1);
    expect(issues("2026-11-26T11:49:50.356Z")).toHaveLength(0);
  });
});
