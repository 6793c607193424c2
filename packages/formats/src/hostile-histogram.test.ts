import { describe, expect, it } from "vitest";
import { IMPORT_LIMITS } from "./errors";
import {
  list,
  item,
  fortio,
  hist,
  bucket,
  expectRejected,
  type Doc,
  type Case,
} from "./test-support/hostile";

const CASES: Case[] = [
  fortio(
    "negative bucket count",
    (d) => (bucket(d, 3)["Count"] = -1),
    "DurationHistogram.Data[3].Count",
    "must be a non-negative integer",
  ),
  fortio(
    "fractional bucket count",
    (d) => (bucket(d, 3)["Count"] = 2.5),
    "DurationHistogram.Data[3].Count",
    "must be a non-negative integer",
  ),
  fortio(
    "string bucket count in real Fortio",
    (d) => (bucket(d, 3)["Count"] = "28"),
    "DurationHistogram.Data[3].Count",
    "must be a non-negative integer",
  ),
  fortio(
    "unsafe integer count",
    (d) => (hist(d)["Count"] = 1e20),
    "DurationHistogram.Count",
    "must be a non-negative integer",
  ),
  fortio(
    "negative bucket start",
    (d) => (bucket(d, 2)["Start"] = -0.001),
    "DurationHistogram.Data[2].Start",
    "must be a non-negative number",
  ),
  fortio(
    "bucket end before start",
    (d) => (bucket(d, 2)["End"] = 0.0015),
    "DurationHistogram.Data[2].End",
    "must not be below Start (0.0015 < 0.002)",
  ),
  fortio(
    "buckets out of order",
    (d) => {
      const data = list(hist(d)["Data"]);
      [data[1], data[2]] = [data[2]!, data[1]!];
    },
    "DurationHistogram.Data[2].Start",
    /^buckets must not overlap or go backwards \(starts at 0.001, before the previous bucket's End 0.003\)/,
  ),
  fortio(
    "overlapping buckets",
    (d) => (bucket(d, 2)["Start"] = 0.0015),
    "DurationHistogram.Data[2].Start",
    /^buckets must not overlap or go backwards/,
  ),
  fortio(
    "counts do not add up",
    (d) => (hist(d)["Count"] = 5001),
    "DurationHistogram.Count",
    "is 5001 but the buckets add up to 5000",
  ),
  fortio(
    "null Data with samples",
    (d) => (hist(d)["Data"] = null),
    "DurationHistogram.Data",
    "has no buckets but Count is 5000",
  ),
  fortio(
    "Min above Max",
    (d) => (hist(d)["Min"] = 0.006),
    "DurationHistogram.Max",
    "must not be below Min (0.005427527 < 0.006)",
  ),
  fortio(
    "first bucket below Min",
    (d) => (bucket(d, 0)["Start"] = 0.00001),
    "DurationHistogram.Data[0].Start",
    "is below Min (0.00001 < 0.000023095)",
  ),
  fortio(
    "last bucket above Max",
    (d) => (bucket(d, 5)["End"] = 0.0055),
    "DurationHistogram.Data[5].End",
    "is above Max (0.0055 > 0.005427527)",
  ),
  fortio(
    "impossible Sum",
    (d) => (hist(d)["Sum"] = 1e6),
    "DurationHistogram.Sum",
    /^is 1000000, impossible for 5000 values between Min and Max/,
  ),
  fortio(
    "string Min",
    (d) => (hist(d)["Min"] = "0.1"),
    "DurationHistogram.Min",
    "must be a number",
  ),
  fortio(
    "absurd Max",
    (d) => (hist(d)["Max"] = 1e9),
    "DurationHistogram.Max",
    `must be at most ${IMPORT_LIMITS.maxLatencySeconds}`,
  ),
  fortio(
    "too many buckets",
    (d) =>
      (hist(d)["Data"] = Array.from({ length: IMPORT_LIMITS.maxBuckets + 1 }, () => ({
        Start: 0,
        End: 0,
        Count: 0,
      }))),
    "DurationHistogram.Data",
    `has ${IMPORT_LIMITS.maxBuckets + 1} entries, more than the limit of ${IMPORT_LIMITS.maxBuckets}`,
  ),
  fortio(
    "bucket is a number",
    (d) => (list(hist(d)["Data"])[0] = 5 as unknown as Doc),
    "DurationHistogram.Data[0]",
    "must be an object",
  ),
  fortio(
    "percentile above 100",
    (d) => (item(hist(d)["Percentiles"], 0)["Percentile"] = 101),
    "DurationHistogram.Percentiles[0].Percentile",
    "must be at most 100",
  ),
];

describe("hostile Fortio histograms are rejected with the field and the reason", () => {
  it("has a good number of cases", () => expect(CASES.length).toBeGreaterThanOrEqual(19));
  it.each(CASES.map((c) => [c.name, c] as const))("%s", (_, c) => expectRejected(c));
});
