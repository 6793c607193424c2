// What the real-node global setup hands to test files.
declare module "vitest" {
  export interface ProvidedContext {
    realNodeKubeconfig: string;
    realNodeNodes: string[];
    /** JSON of the ClusterPlan (names and addresses of the namespaces, bridge, subnets). */
    realNodePlan: string;
    realNodeFortioImage: string;
    /** JSON of the installed mesh (RealMeshInfo in context.ts), or "" for a cluster without one. */
    realMesh: string;
  }
}
export {};
