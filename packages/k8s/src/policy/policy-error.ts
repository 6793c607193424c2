/** A refusal by the cluster policy at apply time: the variant fails with its message. */
export class PolicyError extends Error {
  override readonly name = "PolicyError";
}
