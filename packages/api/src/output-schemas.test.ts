import { describe, expect, it } from "vitest";
import { appRouter } from "./root";

type ProcedureDef = { _def: { output?: unknown } };

describe("every procedure declares its output schema", () => {
  it("so nothing leaves the API unvalidated (runs.get once returned its rows as they came)", () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
    const without = Object.entries(procedures)
      .filter(([, p]) => p._def.output === undefined)
      .map(([path]) => path);
    expect(without).toEqual([]);
    expect(procedures["runs.get"]?._def.output).toBeDefined();
  });
});
