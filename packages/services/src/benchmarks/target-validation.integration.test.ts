import {
  DomainError,
  ZBenchmarkDefinition,
  type TBenchmarkDefinitionInput,
} from "@meshbench/contracts";
import { createPrismaClient, type Database } from "@meshbench/db";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";

const WORKLOAD = `apiVersion: v1
kind: Service
metadata: { name: web }
spec: { selector: { app: web }, ports: [{ port: 8080 }] }
`;

const def = (key: string, input: Partial<TBenchmarkDefinitionInput>) =>
  ZBenchmarkDefinition.parse({
    key,
    name: key,
    target: { kind: "fortio-echo" },
    variants: [{ name: "base", mesh: "baseline" }],
    loadMatrix: { qps: [100], connections: [2] },
    ...input,
  });

async function refusal(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const d = error as DomainError;
  return { code: d.code, field: d.field, message: d.message };
}

describe("saving a benchmark checks its target's manifests and protocols (real database)", () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    db = createPrismaClient(test.url);
  });
  afterAll(async () => {
    await db.$disconnect();
    await drop();
  });

  it("keeps a good workload, refuses cluster-scoped objects, a missing entry and gRPC on the sample app", async () => {
    const { benchmarks } = createServices(db);
    const ws = (await db.workspace.create({ data: { slug: "t", name: "T" } })).id;
    const workload = (manifests: string, service = "web") =>
      def(`wl-${service}-${manifests.length}`, {
        target: { kind: "workload", manifests, entry: { service, port: 8080 } },
      });
    const saved = await benchmarks.create(ws, workload(WORKLOAD));
    expect(saved.definition.target.kind).toBe("workload");

    const clusterScoped = `${WORKLOAD}---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: { name: all }\n`;
    expect(await refusal(benchmarks.create(ws, workload(clusterScoped)))).toEqual({
      code: "BAD_REQUEST",
      field: "target.manifests",
      message:
        'document 2: ClusterRole all: a benchmark may not create a ClusterRole of API group "rbac.authorization.k8s.io": RBAC objects would grant rights with the cluster credentials Meshbench holds; grant what a benchmark needs yourself (infra/rbac)',
    });
    expect(
      await refusal(benchmarks.update(ws, saved.definition.key, workload(WORKLOAD, "api"))),
    ).toEqual({
      code: "BAD_REQUEST",
      field: "target.entry.service",
      message: 'entry service "api" is not a Service in the manifests',
    });
    const grpcApp = def("app", {
      target: { kind: "sample-app" },
      loadMatrix: { qps: [100], connections: [2], protocols: ["grpc"] },
    });
    expect((await refusal(benchmarks.create(ws, grpcApp))).field).toBe("loadMatrix.protocols");
  });
});
