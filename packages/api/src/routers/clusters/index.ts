import { createTRPCRouter } from "../../trpc";
import { calibrateCluster } from "./calibrate-cluster";
import { getNoiseBand } from "./get-noise-band";
import { deleteCluster } from "./delete-cluster";
import { getCluster } from "./get-cluster";
import { inspectKubeconfig } from "./inspect-kubeconfig";
import { listClusters } from "./list-clusters";
import { refreshDetection } from "./refresh-detection";
import { registerCluster } from "./register-cluster";
import { setClusterCaps } from "./set-cluster-caps";
import { updateClusterCredentials } from "./update-cluster-credentials";
import { validateCluster } from "./validate-cluster";

export const clustersRouter = createTRPCRouter({
  list: listClusters,
  get: getCluster,
  inspectKubeconfig,
  register: registerCluster,
  updateCredentials: updateClusterCredentials,
  validate: validateCluster,
  refreshDetection,
  setCaps: setClusterCaps,
  delete: deleteCluster,
  calibrate: calibrateCluster,
  noiseBand: getNoiseBand,
});
