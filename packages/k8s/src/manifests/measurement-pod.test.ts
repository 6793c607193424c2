import { ZMethodology } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { fortioLoadArgs, fortioRunBody, type FortioRunInput } from "../fortio/run-request";
import { LABELS, LOAD_CONTAINER } from "./labels";
import { buildLoadGeneratorDeployment, LOAD_GENERATOR_SELECTOR } from "./load-generator";
import {
  buildMeasurementPod,
  MEASURED_LOAD_CONTAINER,
  measurementPodName,
} from "./measurement-pod";

const methodology = ZMethodology.parse({
  fortio: { uniform: true, noCatchUp: true, resolutionSeconds: 0.001 },
  placement: { loadGeneratorNodeSelector: { pool: "load" } },
  loadGeneratorResources: { requests: { cpu: "500m" }, limits: { cpu: "1", memory: "256Mi" } },
  loadGenerators: 2,
  rateSeries: true,
});
const deployment = buildLoadGeneratorDeployment({
  runId: "r1",
  variant: "v",
  namespace: "mb-r1-v",
  methodology,
  inMesh: false,
});
const template = deployment.spec!.template;

const run: FortioRunInput = {
  coordinates: {
    variant: "v",
    requestedQps: 250,
    connections: 4,
    payloadBytes: 1024,
    protocol: "h2",
    keepAlive: false,
    repetition: 2,
  },
  durationSeconds: 10,
  fortio: methodology.fortio,
  url: "http://echo.mb-r1-v.svc.cluster.local:8080/echo",
  label: "r1/t3-abcdef12",
  headers: [{ name: "X-Run", value: "bench" }],
};

describe("a trial's measurement pod (methodology.rateSeries)", () => {
  const body = fortioRunBody(run, { save: true, async: true });
  const pod = buildMeasurementPod(template, {
    namespace: "mb-r1-v",
    trial: "t3-abcdef12",
    index: 1,
    body,
  });
  const [load, server] = pod.spec!.containers;

  it("runs `fortio load` with the REST run's options flag for flag, its files in the shared dir", () => {
    expect(load!.name).toBe(MEASURED_LOAD_CONTAINER);
    expect(load!.args).toEqual([
      "load",
      "-qps", "250",
      "-c", "4",
      "-t", "10s",
      "-r", "0.001",
      "-labels", "r1/t3-abcdef12",
      "-uniform",
      "-nocatchup",
      "-payload-size", "1024",
      "-h2",
      "-connection-reuse", "1:1",
      "-H", "X-Run: bench",
      "-json", "/data/result.json",
      "-access-log-file", "/data/access.json",
      "-access-log-format", "json",
      "-loglevel", "warning",
      "http://echo.mb-r1-v.svc.cluster.local:8080/echo",
    ]); // prettier-ignore
    // Every option of the REST body has its flag (async/save say how REST runs, not what load).
    for (const option of Object.keys(body).filter((o) => !["url", "async", "save"].includes(o)))
      expect(
        load!.args!.some((a) =>
          a.startsWith(
            `-${option === "payload" ? "payload-size" : option === "headers" ? "H" : option}`,
          ),
        ),
      ).toBe(true);
  });

  it("maps gRPC and TCP runs, and refuses an option it has no flag for", () => {
    const grpc = fortioRunBody(
      {
        ...run,
        headers: [],
        url: "echo:8079",
        coordinates: { ...run.coordinates, protocol: "grpc", payloadBytes: 0 },
      },
      { save: false, async: false },
    );
    expect(fortioLoadArgs(grpc)).toEqual(expect.arrayContaining(["-grpc", "-ping"]));
    expect(fortioLoadArgs(grpc).at(-1)).toBe("echo:8079");
    expect(() => fortioLoadArgs({ ...body, jitter: "on" })).toThrow(/jitter has no load flag/);
  });

  it("serves the shared dir with a Fortio server, no shell, no command, the pod never restarts", () => {
    expect(server!.name).toBe(LOAD_CONTAINER);
    expect(server!.args).toEqual(["server", "-data-dir", "/data", "-grpc-port", "disabled", "-loglevel", "warning"]); // prettier-ignore
    for (const c of pod.spec!.containers) {
      expect(c).not.toHaveProperty("command");
      // The image's entrypoint (fortio) takes a subcommand: no shell to interpret anything.
      expect(c.args![0]).toMatch(/^(load|server)$/);
      expect(c.args!.some((a) => /(^|\/)(ba|da)?sh$/.test(a) || a.includes("/bin/"))).toBe(false);
      expect(c.image).toBe(methodology.fortio.image);
      expect(c.volumeMounts).toEqual([{ name: "data", mountPath: "/data" }]);
    }
    expect(pod.spec!.volumes).toEqual([{ name: "data", emptyDir: { sizeLimit: "1Gi" } }]);
    expect(pod.spec!.restartPolicy).toBe("Never");
  });

  it("lands, joins the mesh and is sized as the generator Deployment's pods, out of its selector", () => {
    const d = template.spec!;
    expect(pod.spec!.nodeSelector).toEqual({ pool: "load" });
    expect(pod.spec!.affinity).toEqual(d.affinity);
    expect(pod.spec!.topologySpreadConstraints).toEqual(d.topologySpreadConstraints);
    expect(load!.resources).toEqual(d.containers[0]!.resources);
    expect(pod.metadata!.annotations).toEqual(template.metadata!.annotations);
    expect(pod.metadata!.labels).toEqual({
      ...template.metadata!.labels,
      [LABELS.trial]: "t3-abcdef12",
    });
    expect(pod.metadata!.name).toBe(measurementPodName("t3-abcdef12", 1));
    expect(pod.metadata!.name).toMatch(/^lg-/);
    // In the mesh, the load waits for an Istio sidecar to start.
    const meshed = buildLoadGeneratorDeployment({
      runId: "r1",
      variant: "v",
      namespace: "mb-r1-v",
      methodology,
      inMesh: true,
    }).spec!.template;
    const inMesh = buildMeasurementPod(meshed, {
      namespace: "mb-r1-v",
      trial: "t3-abcdef12",
      index: 0,
      body,
    });
    expect(inMesh.metadata!.annotations).toEqual({
      ...meshed.metadata!.annotations,
      "proxy.istio.io/config": "holdApplicationUntilProxyStarts: true",
    });
    expect(pod.metadata!.annotations).not.toHaveProperty("proxy.istio.io/config");
    expect(LOAD_GENERATOR_SELECTOR).toBe(`${LABELS.component}=load-generator,!${LABELS.trial}`);
  });
});
