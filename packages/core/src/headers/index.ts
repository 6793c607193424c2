export {
  describeHeaders,
  fillDefinitionSecrets,
  maskDefinitionSecrets,
  maskedHeaders,
  openedHeaders,
  requestHeadersOf,
  secretNamesOf,
} from "./request-headers";
