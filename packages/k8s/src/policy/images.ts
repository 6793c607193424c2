/**
 * Image references as the container runtime's parser (distribution/reference) reads them:
 * `[registry[:port]/]path[:tag][@algorithm:hex]`. Anything else (spaces, a leading "-", URLs,
 * control characters) is refused. Registries are not restricted: the tenant's own cluster pulls
 * the images, with its own credentials and policies.
 */
const ALNUM = "[a-z0-9]+";
const SEPARATOR = "(?:[._]|__|[-]+)";
const PATH_COMPONENT = `${ALNUM}(?:${SEPARATOR}${ALNUM})*`;
const DOMAIN_COMPONENT = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
const TAG = "[\\w][\\w.-]{0,127}";
const DIGEST = "[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}";
const NAME = `(?:${DOMAIN}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const REFERENCE = new RegExp(`^(${NAME})(?::${TAG})?(?:@${DIGEST})?$`);
const MAX_NAME = 255;

/** Why this is not an image reference, or null when it is one. */
export function imageProblem(image: unknown): string | null {
  if (typeof image !== "string") return `image ${JSON.stringify(image)} is not a string`;
  const m = REFERENCE.exec(image);
  if (!m)
    return `image ${JSON.stringify(image)} is not an image reference (registry/name[:tag][@sha256:…], lowercase name, no spaces or options)`;
  if (m[1]!.length > MAX_NAME) return `image name is longer than ${MAX_NAME} characters`;
  return null;
}
