/**
 * "client-node's objects never leave `k8s`": every type reachable from the package's exports
 * (public members, parameters, results, type arguments) is checked with TypeScript's own
 * checker, so an export that hands out a KubeConfig, a V1Pod or a KubernetesObjectApi fails here.
 */
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const CLIENT_NODE = `${path.sep}@kubernetes${path.sep}client-node${path.sep}`;

function program() {
  const file = ts.findConfigFile(root, (f) => ts.sys.fileExists(f), "tsconfig.json")!;
  const config = ts.getParsedCommandLineOfConfigFile(
    file,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  )!;
  return ts.createProgram([path.join(root, "src/index.ts")], config.options);
}

const isPublic = (s: ts.Symbol) =>
  !(
    s.valueDeclaration &&
    ts.getCombinedModifierFlags(s.valueDeclaration) &
      ts.ModifierFlags.NonPublicAccessibilityModifier
  ) && !s.getName().startsWith("#");

/** Each client-node type reachable from an export, with its path ("Export.member(param)"). */
function clientNodeTypes(p: ts.Program) {
  const checker = p.getTypeChecker();
  const index = checker.getSymbolAtLocation(p.getSourceFile(path.join(root, "src/index.ts"))!)!;
  const found: string[] = [];
  const seen = new Set<ts.Type>();
  const fromClientNode = (t: ts.Type) =>
    [t.getSymbol(), t.aliasSymbol].some((s) =>
      s?.declarations?.some((d) => d.getSourceFile().fileName.includes(CLIENT_NODE)),
    );
  const visitSignature = (sig: ts.Signature, at: string) => {
    for (const param of sig.getParameters())
      visit(checker.getTypeOfSymbol(param), `${at}(${param.getName()})`);
    visit(sig.getReturnType(), `${at}()`);
  };
  // Our own types (and anonymous ones) are opened up; a library's (Promise, Map, undici's) only
  // through their type arguments: their members are theirs, not ours.
  const ours = (t: ts.Type) =>
    (t.aliasSymbol ?? t.getSymbol())?.declarations?.every(
      (d) =>
        !d.getSourceFile().fileName.includes(`${path.sep}node_modules${path.sep}`) &&
        !d.getSourceFile().hasNoDefaultLib,
    ) ?? true;
  const visit = (t: ts.Type, at: string) => {
    if (seen.has(t)) return;
    seen.add(t);
    if (fromClientNode(t)) return void found.push(`${at}: ${checker.typeToString(t)}`);
    if (t.isUnionOrIntersection()) return t.types.forEach((u) => visit(u, at));
    const reference =
      t.flags & ts.TypeFlags.Object && (t as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference;
    const args = reference ? checker.getTypeArguments(t as ts.TypeReference) : [];
    for (const arg of args) visit(arg, `${at}<>`);
    for (const arg of t.aliasTypeArguments ?? []) visit(arg, `${at}<>`);
    if (!ours(t)) return;
    for (const prop of checker.getPropertiesOfType(t))
      if (isPublic(prop)) visit(checker.getTypeOfSymbol(prop), `${at}.${prop.getName()}`);
    for (const sig of t.getCallSignatures()) visitSignature(sig, at);
    for (const sig of t.getConstructSignatures()) visitSignature(sig, `new ${at}`);
  };
  for (const exported of checker.getExportsOfModule(index)) {
    const s = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const name = exported.getName();
    if (s.flags & ts.SymbolFlags.Type) visit(checker.getDeclaredTypeOfSymbol(s), name);
    if (s.flags & ts.SymbolFlags.Value) visit(checker.getTypeOfSymbol(s), name);
  }
  return { found, exports: checker.getExportsOfModule(index).map((e) => e.getName()) };
}

describe("the package's public face", () => {
  it("no export is typed with @kubernetes/client-node, however deep", () => {
    const { found, exports } = clientNodeTypes(program());
    expect(exports).toContain("KubeClusterGateway");
    expect(found).toEqual([]);
  }, 60_000);
});
