import type { TEnvironmentFingerprint } from "@meshbench/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EnvironmentPanel } from "./environment-panel";

const fingerprint: TEnvironmentFingerprint = {
  cluster: "perf-eu",
  nodes: [
    { instanceType: "e2-standard-4", count: 2 },
    { instanceType: "e2-standard-4", count: 1 },
  ],
  kubernetesVersion: "1.31.2",
  meshVersions: { istio: "1.27.1" },
  fortioVersion: "1.68.2",
  fortioArgs: ["-qps", "100", "-c", "8"],
  target: { image: "fortio/fortio:1.68.2", replicas: 2 },
};

describe("EnvironmentPanel", () => {
  it("shows the fingerprint as key/value rows by the compare page's field names, not JSON", () => {
    const html = renderToStaticMarkup(<EnvironmentPanel environment={{ fingerprint }} />);
    const rows = [...html.matchAll(/<dt>([^<]*)<\/dt><dd class="num">([^<]*)<\/dd>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows).toEqual([
      ["cluster", "perf-eu"],
      ["nodes.total", "3"],
      ["nodes.e2-standard-4", "3"],
      ["kubernetesVersion", "1.31.2"],
      ["meshVersions.istio", "1.27.1"],
      ["fortioVersion", "1.68.2"],
      ["fortioArgs", "-qps 100 -c 8"],
      ["target.image", "fortio/fortio:1.68.2"],
      ["target.replicas", "2"],
    ]);
    expect(html).toContain("<h3>Fingerprint</h3>");
    expect(html).not.toMatch(/<pre|\{&quot;|\[\{/);
  });

  it("flattens an upload's nested values into rows by path", () => {
    const html = renderToStaticMarkup(
      <EnvironmentPanel
        environment={{
          proxy: "nginx 1.22",
          machine: { cores: 2, disks: ["nvme0", "nvme1"], gpu: null },
          runs: [{ id: 1 }, { id: 2 }],
        }}
      />,
    );
    for (const row of [
      '<dt>proxy</dt><dd class="num">nginx 1.22</dd>',
      '<dt>machine.cores</dt><dd class="num">2</dd>',
      '<dt>machine.disks</dt><dd class="num">nvme0, nvme1</dd>',
      '<dt>machine.gpu</dt><dd class="num">—</dd>',
      '<dt>runs.2.id</dt><dd class="num">2</dd>',
    ])
      expect(html).toContain(row);
    expect(html).not.toContain("{");
  });

  it("lists each variant's request headers, a secret as its placeholder", () => {
    const html = renderToStaticMarkup(
      <EnvironmentPanel
        environment={{
          loadGenerator: {
            tool: "Fortio 1.68.2",
            "request headers (jwt)": "X-Run: nightly; Authorization: <secret:elca-jwt>",
          },
        }}
      />,
    );
    expect(html).toContain(
      '<dt>request headers (jwt)</dt><dd class="num">X-Run: nightly; Authorization: &lt;secret:elca-jwt&gt;</dd>',
    );
  });
});
