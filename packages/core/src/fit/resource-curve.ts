import {
  fitQuadratic,
  predictQuadratic,
  type QuadraticFit,
  type QuadraticPrediction,
} from "./quadratic";

/** One trial's data-plane usage of one role (e.g. a CostSummary role) at the rate it achieved. */
export interface ResourcePoint {
  role: string;
  achievedQps: number;
  cpuMillicores: number;
  memoryBytes: number;
}

export interface RoleResourceCurve {
  role: string;
  points: number;
  /** null with fewer than three distinct achieved rates. */
  cpu: QuadraticFit | null;
  memory: QuadraticFit | null;
}

/** Quadratic fits of CPU and memory against achieved RPS, per role (saturated trials included: they are real load). */
export function fitResourceCurves(points: readonly ResourcePoint[]): RoleResourceCurve[] {
  const roles = [...new Set(points.map((p) => p.role))].sort();
  return roles.map((role) => {
    const mine = points.filter((p) => p.role === role);
    return {
      role,
      points: mine.length,
      cpu: fitQuadratic(mine.map((p) => ({ x: p.achievedQps, y: p.cpuMillicores }))),
      memory: fitQuadratic(mine.map((p) => ({ x: p.achievedQps, y: p.memoryBytes }))),
    };
  });
}

/** "CPU at 1,000 RPS": read off a role's fitted curve, with the curve's 95% interval. */
export function resourceAt(
  curve: RoleResourceCurve,
  rps: number,
): { cpu: QuadraticPrediction | null; memory: QuadraticPrediction | null } {
  return {
    cpu: curve.cpu ? predictQuadratic(curve.cpu, rps) : null,
    memory: curve.memory ? predictQuadratic(curve.memory, rps) : null,
  };
}
