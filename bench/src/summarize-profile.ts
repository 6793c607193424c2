/** `tsx src/summarize-profile.ts <file.cpuprofile> [n]`: self time per function, top n. */
import { readFileSync } from "node:fs";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
const [file, top = "40"] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file!, "utf8")) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const n = byId.get(id)!;
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  const url = n.callFrame.url;
  const key = `${n.callFrame.functionName || "(anon)"} ${url.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  const pkg =
    /node_modules\/\.pnpm\/([^/]+)/.exec(url)?.[1] ??
    /\.next\/server\/chunks\/[^/]*?([a-z-]+)[^/]*$/.exec(url)?.[1] ??
    (url ? url.split("/").slice(-1)[0]! : n.callFrame.functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
});
const show = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .forEach(([k, v]) =>
      process.stdout.write(
        `${(v / 1000).toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}\n`,
      ),
    );
show(self, Number(top));
process.stdout.write("---- by package/file\n");
show(byPackage, 25);
