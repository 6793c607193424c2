import {
  ZBenchmarkDefinition,
  type TMeshDetection,
  type TBenchmarkDefinitionInput,
} from "@meshbench/contracts";
import type { ClusterGateway, PreparedVariant } from "@meshbench/k8s";

type PrepareVariantInput = Parameters<ClusterGateway["prepareVariant"]>[0];
import { describe, expect, it } from "vitest";
import { prepareVariants } from "./prepare-variants";

const def = ZBenchmarkDefinition.parse({
  key: "k",
  name: "k",
  target: { kind: "fortio-echo", replicas: 1 },
  variants: [
    { name: "baseline", mesh: "baseline" },
    { name: "second", mesh: "baseline" },
    { name: "third", mesh: "baseline" },
  ],
  loadMatrix: { qps: [100], connections: [8] },
  repetitions: 1,
  durationSeconds: 1,
  warmupSeconds: 0,
} satisfies TBenchmarkDefinitionInput);

/** A gateway whose preparations finish only when the test says so, recording when each began. */
function fakeGateway() {
  const began: string[] = [];
  const finish = new Map<string, (result: PreparedVariant | Error) => void>();
  return {
    began,
    finish: (name: string, result: PreparedVariant | Error) => finish.get(name)!(result),
    gateway: {
      describeVariant: (runId: string, v: { name: string }) => ({
        namespace: `mb-${runId}-${v.name}`,
        labels: {},
        annotations: {},
        settings: {},
      }),
      prepareVariant: (input: PrepareVariantInput) => {
        began.push(input.variant.name);
        return new Promise<PreparedVariant>((resolve, reject) =>
          finish.set(input.variant.name, (r) => (r instanceof Error ? reject(r) : resolve(r))),
        );
      },
    },
  };
}

const ready = (name: string): PreparedVariant => ({ namespace: `ns-${name}`, problem: null });
const tick = () => new Promise((r) => setTimeout(r, 0));
const input = (fake: ReturnType<typeof fakeGateway>, needed: string[]) => ({
  runId: "r1",
  definition: def,
  gateway: fake.gateway as never,
  meshes: {} as TMeshDetection,
  needed: new Set(needed),
  shouldStop: () => Promise.resolve(false),
  requestHeaders: (variant: string) =>
    variant === "third" ? Promise.reject(new Error("secret gone")) : Promise.resolve([]),
});

describe("preparing a run's variants", () => {
  it("starts every needed variant before any is ready, and each is usable as soon as it is", async () => {
    const fake = fakeGateway();
    const preparing = prepareVariants(input(fake, ["baseline", "second"]));
    await tick();
    // Both started at once: the first load waits for one pod start, not one per variant.
    expect(fake.began).toEqual(["baseline", "second"]);
    expect(preparing.get("third")).toBeUndefined();
    fake.finish("baseline", ready("baseline"));
    await expect(preparing.get("baseline")).resolves.toEqual(ready("baseline"));
    expect(preparing.settled()).toBe(false); // the second is still being prepared
    fake.finish("second", ready("second"));
    const all = await preparing.all();
    expect(preparing.settled()).toBe(true);
    expect([...all.keys()]).toEqual(["baseline", "second"]);
  });

  it("turns unopenable request headers into the variant's problem, without preparing it", async () => {
    const fake = fakeGateway();
    const preparing = prepareVariants(input(fake, ["third"]));
    await expect(preparing.get("third")).resolves.toEqual({
      namespace: "mb-r1-third",
      problem: "request headers: secret gone",
    });
    expect(fake.began).toEqual([]);
  });

  it("reports a preparation that threw to whoever awaits it, and done() waits for all without throwing", async () => {
    const fake = fakeGateway();
    const preparing = prepareVariants(input(fake, ["baseline", "second"]));
    await tick();
    fake.finish("baseline", new Error("apiserver gone"));
    await expect(preparing.get("baseline")).rejects.toThrow("apiserver gone");
    await expect(preparing.all()).rejects.toThrow("apiserver gone");
    let done = false;
    const waiting = preparing.done().then(() => (done = true));
    await tick();
    expect(done).toBe(false); // cleanup must not race the second variant's creation
    fake.finish("second", ready("second"));
    await waiting;
    expect(done).toBe(true);
  });
});
