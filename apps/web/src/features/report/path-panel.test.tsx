import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PathPanel } from "./path-panel";

describe("PathPanel", () => {
  it("states each variant's declared path in words and its checked result", () => {
    const html = renderToStaticMarkup(
      <PathPanel
        paths={[
          {
            variant: "istio-ambient",
            mesh: "istio-ambient",
            topology: { client: "in-mesh", hops: ["client-proxy", "server-proxy"], mtls: true },
            declared:
              "client in the mesh → ztunnel (client side) → ztunnel (server side) → target; mTLS expected",
            status: "not_verified",
            trials: { verified: 2, notVerified: 1, unchecked: 0 },
            checked: "1 of 3 trials did not take the declared path (left out of the comparison)",
          },
        ]}
      />,
    );
    expect(html).toContain("Declared: client in the mesh → ztunnel (client side)");
    expect(html).toContain('<span class="badge failed">did not take the declared path</span>');
    expect(html).toContain("1 of 3 trials did not take the declared path");
    expect(renderToStaticMarkup(<PathPanel paths={undefined} />)).toBe("");
  });
});
