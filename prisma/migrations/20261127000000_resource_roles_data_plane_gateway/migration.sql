-- AlterEnum: node data planes (Kmesh, Cilium, istio-cni) and gateways are booked as such when sampled
ALTER TYPE "ResourceRole" ADD VALUE 'data_plane' BEFORE 'waypoint';
ALTER TYPE "ResourceRole" ADD VALUE 'gateway' BEFORE 'control_plane';
