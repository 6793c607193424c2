import { decodeHistogram, encodeHistogram } from "@meshbench/core";
import { expect, it } from "vitest";
import { importResult } from "./detect";
import { fortioResultFixtures, listFixtures, readFixture } from "./test-support/fixtures";

/*
 * Prints bytes per stored histogram for every fixture trial, against the raw file and against
 * the histogram alone as compact JSON. Run: pnpm exec vitest run src/codec-size.test.ts
 */
it("stores every fixture trial's histogram in well under 1 KB, losslessly", () => {
  const names = [
    ...fortioResultFixtures(),
    ...listFixtures("nighthawk"),
    "wrk/wrk2-synthetic-r1000-c16-t2-20s.txt",
  ];
  const rows = names.map((name) => {
    const text = readFixture(name);
    const h = importResult(text).histogram!;
    const bytes = encodeHistogram(h);
    expect(decodeHistogram(bytes)).toStrictEqual(h);
    return {
      name,
      buckets: h.buckets.length,
      encoded: bytes.length,
      histogramJson: JSON.stringify(h).length,
      file: Buffer.byteLength(text),
    };
  });
  const encoded = rows.map((r) => r.encoded).sort((a, b) => a - b);
  const median = encoded[Math.floor(encoded.length / 2)] ?? 0;
  const lines = rows.map(
    (r) =>
      `${r.name.padEnd(62)} ${String(r.buckets).padStart(4)} ${String(r.encoded).padStart(6)} ${String(r.histogramJson).padStart(7)} ${String(r.file).padStart(7)}`,
  );
  console.log(
    [
      `${"fixture".padEnd(62)} bkts  bytes  h-json    file`,
      ...lines,
      `${rows.length} trials: encoded min ${encoded[0]} B, median ${median} B, max ${encoded.at(-1)} B`,
    ].join("\n"),
  );
  expect(encoded.at(-1)).toBeLessThan(1024);
  expect(median).toBeLessThan(200);
});
