import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HistogramCodecError } from "./byte-buffer";
import { decodeHistogram, encodeHistogram } from "./codec";
import { mergeHistograms } from "./merge";
import { arbitraryHistogram, realisticHistogram } from "../test-support/arbitraries";
import {
  isFortioResult,
  listFortioFixtures,
  readFortioFixture,
} from "../test-support/fortio-fixtures";

const FIXTURES = [
  ...listFortioFixtures("fortio"),
  ...listFortioFixtures("fortio/matrix"),
  ...listFortioFixtures("fortio/rest"),
]
  .filter(isFortioResult)
  .map(readFortioFixture);

describe("histogram codec", () => {
  it.each(FIXTURES.map((f) => [f.name, f] as const))(
    "round-trips %s exactly, well under 1 KB",
    (_, f) => {
      const bytes = encodeHistogram(f.histogram);
      expect(decodeHistogram(bytes)).toStrictEqual(f.histogram);
      expect(bytes.length).toBeLessThan(400);
    },
  );

  it("round-trips any structure of doubles bit for bit (NaN, ±0, ±Infinity, subnormals)", () => {
    fc.assert(
      fc.property(arbitraryHistogram, (h) => {
        expect(decodeHistogram(encodeHistogram(h))).toStrictEqual(h);
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips realistic histograms at several resolutions, compactly", () => {
    fc.assert(
      fc.property(realisticHistogram, (h) => {
        const bytes = encodeHistogram(h);
        expect(decodeHistogram(bytes)).toStrictEqual(h);
        expect(bytes.length).toBeLessThanOrEqual(40 + 12 * h.buckets.length);
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips pooled histograms (stddev null, merged edges)", () => {
    const pooled = mergeHistograms(
      FIXTURES.filter((f) => f.name.includes("matrix/nginx-qps1000")).map((f) => f.histogram),
    );
    expect(decodeHistogram(encodeHistogram(pooled))).toStrictEqual(pooled);
    const noStddev = { ...pooled, stddev: null };
    expect(decodeHistogram(encodeHistogram(noStddev))).toStrictEqual(noStddev);
  });

  it("rejects truncated, trailing or foreign bytes", () => {
    const bytes = encodeHistogram(FIXTURES[0]!.histogram);
    expect(() => decodeHistogram(bytes.subarray(0, bytes.length - 1))).toThrow(HistogramCodecError);
    expect(() => decodeHistogram(Uint8Array.from([...bytes, 0]))).toThrow(/trailing/);
    expect(() => decodeHistogram(Uint8Array.from([9, ...bytes.subarray(1)]))).toThrow(/version 9/);
    expect(() => decodeHistogram(new Uint8Array())).toThrow(/truncated/);
    expect(() =>
      decodeHistogram(
        Uint8Array.from([1, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]),
      ),
    ).toThrow(HistogramCodecError);
  });
});
