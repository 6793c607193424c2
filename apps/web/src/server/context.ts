import "server-only";
import { createContext } from "@meshbench/api";
import { resolveActor } from "./actor";
import { getServices } from "./services";

export async function createRequestContext(headers: Headers) {
  const services = getServices();
  return createContext({ services, actor: await resolveActor(services, headers) });
}
