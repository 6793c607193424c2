import {
  fortioListsARun,
  fortioOkCalls,
  fortioRunsByLabel,
  fortioStartedRun,
  type FortioRestRun,
} from "@meshbench/core";
import { describeOutboundError } from "@meshbench/outbound";
import type { TResolvedHeader } from "@meshbench/contracts";
import type { ProxyAnswer, ProxyRequest } from "./pod-proxy";
import { FORTIO_PORT, type FortioRunBody } from "./run-request";

type Send = (call: ProxyRequest, timeoutMs: number) => Promise<ProxyAnswer>;

/**
 * Fortio's REST API on one load-generator pod, through the apiserver's pod proxy: start a run
 * (POST with its options and headers in the body, async, saved to the data dir), find a run by
 * its label, wait, read the saved JSON, stop.
 */
export class FortioServer {
  constructor(
    private readonly send: Send,
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
  private async answer(rest: string, timeoutMs: number, json?: FortioRunBody) {
    const what = `Fortio ${rest.split("?")[0]}`;
    try {
      return { what, answer: await this.send({ path: this.path(rest), json }, timeoutMs) };
    } catch (error) {
      throw new Error(`${what}: ${describeOutboundError(error)}`, { cause: error });
    }
  }

  private async json(rest: string, timeoutMs = 30_000, body?: FortioRunBody): Promise<unknown> {
    const { what, answer } = await this.answer(rest, timeoutMs, body);
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

  async start(body: FortioRunBody): Promise<FortioRestRun> {
    return fortioStartedRun(await this.json("rest/run", 30_000, body));
  }

  /** A synchronous run (the warm-up): the answer comes when it has ended. */
  async runToEnd(body: FortioRunBody, durationSeconds: number) {
    await this.json("rest/run", durationSeconds * 1000 + 30_000, body);
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
   * `tcp://` (no fetch form), and when the requests need headers (e.g. a token a policy
   * requires), one unsaved run of one call with them, which answers `RetCodes: {OK|200: 1}`.
   */
  async reaches(url: string, headers: readonly TResolvedHeader[] = []) {
    if (url.startsWith("tcp://") || headers.length) {
      const body: FortioRunBody = { url, n: "1", qps: "-1", c: "1" };
      if (headers.length) body.headers = headers.map((h) => `${h.name}: ${h.value}`);
      return fortioOkCalls(await this.json("rest/run", 10_000, body)) >= 1;
    }
    const { answer } = await this.answer(`fetch/${url.replace(/^https?:\/\//, "")}`, 5_000);
    return answer.status === 200;
  }
}
