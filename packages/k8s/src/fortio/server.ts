import {
  fortioListsARun,
  fortioOkCalls,
  fortioRunsByLabel,
  fortioStartedRun,
  type FortioRestRun,
} from "@meshbench/core";
import { describeOutboundError } from "@meshbench/outbound";
import type { ProxyAnswer } from "./pod-proxy";
import { FORTIO_PORT } from "./run-query";

type Get = (path: string, timeoutMs: number) => Promise<ProxyAnswer>;

/**
 * Fortio's REST API on one load-generator pod, through the apiserver's pod proxy: start a run
 * (async, saved to the data dir), find a run by its label, wait, read the saved JSON, stop.
 */
export class FortioServer {
  constructor(
    private readonly get: Get,
    readonly namespace: string,
    readonly pod: string,
  ) {}

  private path(rest: string) {
    return `/api/v1/namespaces/${this.namespace}/pods/${this.pod}:${FORTIO_PORT}/proxy/fortio/${rest}`;
  }

  /**
   * The pod's answer is the tenant's (its image is theirs): errors name the call and the HTTP
   * status or a network category, never the body.
   */
  private async answer(rest: string, timeoutMs: number) {
    const what = `Fortio ${rest.split("?")[0]}`;
    try {
      return { what, answer: await this.get(this.path(rest), timeoutMs) };
    } catch (error) {
      throw new Error(`${what}: ${describeOutboundError(error)}`, { cause: error });
    }
  }

  private async json(rest: string, timeoutMs = 30_000): Promise<unknown> {
    const { what, answer } = await this.answer(rest, timeoutMs);
    if (answer.status !== 200) throw new Error(`${what} answered HTTP ${answer.status}`);
    try {
      return JSON.parse(answer.body) as unknown;
    } catch {
      throw new Error(`${what} answered something that is not JSON`);
    }
  }

  /** Runs in progress, by label. */
  async running(): Promise<Map<string, FortioRestRun>> {
    return fortioRunsByLabel(await this.json("rest/status"));
  }

  async start(query: URLSearchParams): Promise<FortioRestRun> {
    return fortioStartedRun(await this.json(`rest/run?${query.toString()}`));
  }

  /** A synchronous run (the warm-up): the answer comes when it has ended. */
  async runToEnd(query: URLSearchParams, durationSeconds: number) {
    await this.json(`rest/run?${query.toString()}`, durationSeconds * 1000 + 30_000);
  }

  /** Whether the run is still in the status list. */
  async isRunning(run: FortioRestRun) {
    return fortioListsARun(await this.json(`rest/status?runid=${run.runId}`));
  }

  /** The saved result document (the same JSON as `fortio load -json`), or null when none. */
  async result(run: FortioRestRun): Promise<string | null> {
    const { answer } = await this.answer(`data/${encodeURIComponent(run.resultId)}.json`, 30_000);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw new Error(`Fortio data answered HTTP ${answer.status}`);
    return answer.body;
  }

  async stop(run: FortioRestRun) {
    await this.json(`rest/stop?runid=${run.runId}&wait=on`);
  }

  /**
   * One request to the target through Fortio's fetch proxy: does the Service answer yet? For
   * `tcp://` (no fetch form) one unsaved TCP call, which answers `RetCodes: {OK: 1}`.
   */
  async reaches(url: string) {
    if (url.startsWith("tcp://")) {
      const q = new URLSearchParams({ url, n: "1", qps: "-1", c: "1" });
      return fortioOkCalls(await this.json(`rest/run?${q.toString()}`, 10_000)) >= 1;
    }
    const { answer } = await this.answer(`fetch/${url.replace(/^https?:\/\//, "")}`, 5_000);
    return answer.status === 200;
  }
}
