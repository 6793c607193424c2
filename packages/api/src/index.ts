export { appRouter, createCaller, type AppRouter } from "./root";
export { createContext, type Actor, type Context, type Role, type Services } from "./context";
export { createServices } from "./services";
