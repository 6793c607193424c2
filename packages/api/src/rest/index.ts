export { createRestHandler, type RestHandlerOptions } from "./rest-handler";
export { openApiDocument, REST_BASE_PATH, REST_MAX_BODY_BYTES } from "./openapi-document";
export { toRestError } from "./rest-errors";
