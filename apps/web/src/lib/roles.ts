import { ROLES, type TRole } from "@meshbench/contracts";

/** Whether `role` holds at least `minimum`'s rights (ROLES is ordered viewer → owner). */
export const atLeast = (role: TRole, minimum: TRole) =>
  ROLES.indexOf(role) >= ROLES.indexOf(minimum);
