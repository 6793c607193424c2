import { describe, expect, it } from "vitest";
import {
  namespaceMetadataProblems,
  RESERVED_POD_ANNOTATIONS,
  reservedPodAnnotationProblems,
} from "./reserved";

describe("reserved labels and annotations", () => {
  it.each([
    ...RESERVED_POD_ANNOTATIONS,
    "config.linkerd.io/proxy-version",
    "config.linkerd.io/init-image",
    "config.linkerd.io/proxy-init-image-version",
    "config.linkerd.io/debug-image",
    "config.alpha.linkerd.io/proxy-init-image",
  ])("refuses the pod annotation %s", (key) => {
    expect(reservedPodAnnotationProblems({ [key]: "x" })).toEqual([
      expect.stringMatching(new RegExp(`^annotation ${key.replace(/\./g, "\\.")} is reserved`)),
    ]);
  });

  it("allows the annotations that tune a proxy without changing what is injected", () => {
    expect(
      reservedPodAnnotationProblems({
        "sidecar.istio.io/inject": "false",
        "sidecar.istio.io/proxyCPU": "200m",
        "traffic.sidecar.istio.io/excludeOutboundPorts": "5432",
        "config.linkerd.io/proxy-cpu-limit": "1",
        "linkerd.io/inject": "enabled",
        "proxy.istio.io/config": "concurrency: 2\nholdApplicationUntilProxyStarts: true",
      }),
    ).toEqual([]);
  });

  it("limits proxy.istio.io/config to tuning keys", () => {
    const one = (v: string) => reservedPodAnnotationProblems({ "proxy.istio.io/config": v });
    expect(one("binaryPath: /bin/sh\nconcurrency: 2")[0]).toMatch(
      /sets binaryPath: a benchmark may set only/,
    );
    expect(one("discoveryAddress: evil.example:15012")[0]).toMatch(/discoveryAddress/);
    expect(one("[1, 2]")[0]).toMatch(/must be a ProxyConfig mapping/);
    expect(one("a: [unclosed")[0]).toMatch(/not valid YAML/);
  });

  it("refuses Pod Security and admission-exemption keys on the namespace, by field", () => {
    expect(
      namespaceMetadataProblems(
        {
          "pod-security.kubernetes.io/enforce": "privileged",
          "openshift.io/run-level": "0",
          "istio-injection": "enabled",
        },
        {
          "pod-security.kubernetes.io/audit": "privileged",
          "scheduler.alpha.kubernetes.io/defaultTolerations": "[]",
          "openshift.io/sa.scc.uid-range": "0/1",
          "linkerd.io/inject": "enabled",
        },
      ).map((p) => [p.field, p.message.split("=")[0]]),
    ).toEqual([
      ["labels", "label pod-security.kubernetes.io/enforce"],
      ["labels", "label openshift.io/run-level"],
      ["annotations", "annotation pod-security.kubernetes.io/audit"],
      ["annotations", "annotation scheduler.alpha.kubernetes.io/defaultTolerations"],
      ["annotations", "annotation openshift.io/sa.scc.uid-range"],
    ]);
  });
});
