// What the global setup hands to test files (vitest's provide/inject is typed through this).
declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
export {};
