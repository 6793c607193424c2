import { ZVariant } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { meshNamespaceMetadata } from "../manifests/labels";
import { notReadyReason } from "./readiness";
import { gatewayCondition, waypointProblem } from "./waypoint";

describe("Gateway status", () => {
  it("a Programmed Gateway is ready although Gateways carry no top-level observedGeneration", () => {
    const gateway = (status: string, reason: string) => ({
      apiVersion: "gateway.networking.k8s.io/v1",
      kind: "Gateway",
      metadata: { name: "wp", generation: 1 },
      status: { conditions: [{ type: "Programmed", status, reason }] },
    });
    expect(notReadyReason(gateway("True", "Programmed"))).toBeNull();
    expect(notReadyReason(gateway("Unknown", "Pending"))).toBe(
      "Gateway wp not Programmed (Pending)",
    );
  });

  it("reads a Gateway's condition", () => {
    const status = {
      conditions: [
        { type: "Programmed", status: "False", reason: "Invalid", message: "no listeners" },
      ],
    };
    expect(gatewayCondition(status, "Programmed")).toEqual({
      type: "Programmed",
      status: "False",
      reason: "Invalid",
      message: "no listeners",
    });
    expect(gatewayCondition(status, "Accepted")).toBeNull();
    expect(gatewayCondition(undefined, "Programmed")).toBeNull();
  });
});

describe("waypoint verification", () => {
  const programmed = { type: "Programmed", status: "True", reason: "Programmed", message: "" };
  const ok = {
    gateway: { className: "istio-waypoint", programmed },
    pods: [{ name: "wp-1", ready: true }],
  };
  it("passes when the Gateway exists with the waypoint class, is Programmed and has a Ready pod", () => {
    expect(waypointProblem("wp", "ns", ok)).toBeNull();
  });
  it.each([
    [{ ...ok, gateway: null }, /no Gateway of that name in ns/],
    [
      { ...ok, gateway: { className: "istio", programmed } },
      /gatewayClassName istio, not istio-waypoint/,
    ],
    [
      {
        ...ok,
        gateway: {
          className: "istio-waypoint",
          programmed: { ...programmed, status: "False", reason: "Invalid", message: "bad" },
        },
      },
      /Gateway not Programmed \(Invalid: bad\)/,
    ],
    [
      { ...ok, gateway: { className: "istio-waypoint", programmed: null } },
      /no Programmed condition/,
    ],
    [{ ...ok, pods: [] }, /no Ready waypoint pod/],
    [{ ...ok, pods: [{ name: "wp-1", ready: false }] }, /not ready: wp-1/],
  ])("fails with the reason (%#)", (seen, reason) => {
    expect(waypointProblem("wp", "ns", seen)).toMatch(reason);
  });
  it("labels Kmesh namespaces with the waypoint too (Kmesh L7)", () => {
    expect(
      meshNamespaceMetadata(ZVariant.parse({ name: "k", mesh: "kmesh", waypoint: "wp" })).labels,
    ).toEqual({
      "istio.io/dataplane-mode": "Kmesh",
      "istio.io/use-waypoint": "wp",
    });
  });
});
