/* Test-only: builders and the check shared by the hostile-input tables. */
import { expect } from "vitest";
import { importResult, type ImportFormat } from "../detect";
import { ImportError } from "../errors";
import { readFixture } from "./fixtures";

export type Doc = Record<string, unknown>;
/** Typed steps into parsed JSON for the mutations below. */
export const o = (v: unknown) => v as Doc;
export const list = (v: unknown) => v as Doc[];
export const item = (v: unknown, i: number) => list(v)[i] as Doc;
export const FORTIO = JSON.parse(readFixture("fortio/baseline-qps500-c10.json")) as Doc;
export const NIGHTHAWK = JSON.parse(
  readFixture("nighthawk/output_formatter.medium.proto.trimmed.json"),
) as Doc;
export const WRK = readFixture("wrk/wrk-baseline-c10-t2-5s.txt");
export const SMP: Doc = {
  smp_version: "v0.0.1",
  latencies_ms: { min: 0.1, average: 0.5, p50: 0.4, p90: 0.8, p99: 1.2, max: 3 },
  actual_qps: 100,
};

export interface Case {
  name: string;
  text?: string;
  base?: Doc;
  mutate?: (d: Doc) => void;
  format?: ImportFormat;
  field: string;
  reason: string | RegExp;
}

export const fortio = (
  name: string,
  mutate: (d: Doc) => void,
  field: string,
  reason: string | RegExp,
): Case => ({ name, base: FORTIO, mutate, field, reason, format: "fortio" });
export const hist = (d: Doc) => o(d["DurationHistogram"]);
export const bucket = (d: Doc, i: number) => item(hist(d)["Data"], i);
export const nh = (
  name: string,
  mutate: (d: Doc) => void,
  field: string,
  reason: string | RegExp,
): Case => ({ name, base: NIGHTHAWK, mutate, field, reason, format: "nighthawk" });
export const nhGlobal = (d: Doc) => item(d["results"], 1);
export const nhLatency = (d: Doc) => item(nhGlobal(d)["statistics"], 1);
export const nhPercentile = (d: Doc, i: number) => item(nhLatency(d)["percentiles"], i);
export const smp = (
  name: string,
  mutate: (d: Doc) => void,
  field: string,
  reason: string | RegExp,
): Case => ({ name, base: SMP, mutate, field, reason, format: "smp" });

/** Runs one case: the import must fail with exactly this field and reason, on one line, leaking nothing. */
export function expectRejected(c: Case) {
  const doc = c.base ? structuredClone(c.base) : undefined;
  if (doc && c.mutate) c.mutate(doc);
  const text = c.text ?? JSON.stringify(doc);
  let error: unknown;
  try {
    importResult(text, c.format);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ImportError);
  const e = error as ImportError;
  expect(e.field).toBe(c.field);
  if (typeof c.reason === "string") expect(e.reason).toBe(c.reason);
  else expect(e.reason).toMatch(c.reason);
  expect(e.message).toBe(`${e.field}: ${e.reason}`);
  expect(e.message).not.toContain("TOPSECRET");
  expect(e.message.includes("\n")).toBe(false);
}
