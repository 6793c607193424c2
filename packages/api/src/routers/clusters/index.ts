import { createTRPCRouter } from "../../trpc";
import { deleteCluster } from "./delete-cluster";
import { getCluster } from "./get-cluster";
import { inspectKubeconfig } from "./inspect-kubeconfig";
import { listClusters } from "./list-clusters";
import { refreshDetection } from "./refresh-detection";
import { registerCluster } from "./register-cluster";
import { validateCluster } from "./validate-cluster";

export const clustersRouter = createTRPCRouter({
  list: listClusters,
  get: getCluster,
  inspectKubeconfig,
  register: registerCluster,
  validate: validateCluster,
  refreshDetection,
  delete: deleteCluster,
});
