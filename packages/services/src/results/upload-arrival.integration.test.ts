import {
  createPrismaClient,
  createRateLimiter,
  createRunRepository,
  createUploadRepository,
} from "@meshbench/db";
import { parseOutboundPolicy } from "@meshbench/outbound";
import { readFixture } from "@meshbench/testing/fixtures";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";
import { DEFAULT_RATE_LIMITS } from "../limits/rate-limit-service";
import { createResultsService } from "./results-service";

const result = () => readFixture("fortio/matrix/baseline-qps100-c8-rep1.json");

/**
 * An upload runs the after-upload detection (change points, alert rules) only for a benchmark
 * somebody is alerted about: with no rule it would find nothing, after three queries the next
 * upload waits behind (issue 27). A rule added later makes the next upload run it.
 */
describe("after an upload: detection only for a benchmark with an alert rule (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  const finished: string[] = [];
  let ws: string;
  let results: ReturnType<typeof createResultsService>;

  beforeAll(async () => {
    ws = (await db().workspace.create({ data: { slug: "arrival", name: "arrival" } })).id;
    results = createResultsService({
      uploads: createUploadRepository(db()),
      runs: createRunRepository(db()),
      uploadRateLimit: (subject) =>
        createRateLimiter(db(), DEFAULT_RATE_LIMITS).guardedSpend("upload", subject),
      onFinished: (_ws, runId) => Promise.resolve(finished.push(runId)),
    });
  });
  const upload = (benchmark: string) =>
    results.upload(ws, {
      benchmark,
      variant: "baseline",
      git: {},
      labels: {},
      trials: [{ result: result() }],
    });

  it("skips it for a new benchmark and one without rules, runs it once a rule exists", async () => {
    const first = await upload("quiet");
    const second = await upload("quiet");
    expect(finished).toEqual([]);
    expect(first.runId).not.toBe(second.runId);

    const services = createServices(db(), { alertPolicy: parseOutboundPolicy("test", "") });
    const { channel } = await services.alerts.createChannel(
      ws,
      { kind: "webhook", name: "ops", url: "http://127.0.0.1:9/hook" },
      { actorUserId: null },
    );
    await services.alerts.createRule(
      ws,
      { benchmarkKey: "quiet", channelId: channel.id, kind: "run_failed" },
      { actorUserId: null },
    );
    const watched = await upload("quiet");
    expect(finished).toEqual([watched.runId]);
    await upload("other");
    expect(finished).toEqual([watched.runId]);
  });
});
