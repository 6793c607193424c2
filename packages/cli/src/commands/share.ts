import type { TShareLink } from "@meshbench/contracts";
import { apiTarget, callApi, type ApiTarget } from "../api-client";
import { parse } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { seriesOf } from "./compare-runs";
import { CONNECTION } from "./verdict";

export const SHARE_USAGE =
  "usage: meshbench share create <runId> [--json]\n" +
  "       meshbench share create --series run~variant~level... [--reference n] [--json]\n" +
  "       meshbench share list [--run runId] [--json]\n" +
  "       meshbench share revoke <shareId>\n" +
  "       (each with [--url u] [--token t]; create and revoke need the share:write scope)";

const OPTIONS = {
  ...CONNECTION,
  series: { type: "string", multiple: true },
  reference: { type: "string" },
  run: { type: "string" },
} as const;

const linkOf = (target: ApiTarget, link: TShareLink) => `${target.url}/share/${link.id}`;

function describe(target: ApiTarget, links: TShareLink[]): string {
  if (links.length === 0) return "no share links\n";
  return links
    .map((l) => {
      const what =
        l.kind === "run" ? `run ${l.runId}` : `comparison of ${l.comparison?.items.length} series`;
      const state = l.revokedAt ? `revoked ${l.revokedAt.toString()}` : "active";
      return `${l.id}  ${what}  ${state}\n  ${linkOf(target, l)}\n`;
    })
    .join("");
}

/** `share create|list|revoke`: public read-only links over REST (/share-links). */
export async function share(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, SHARE_USAGE);
  const [sub, ref, ...extra] = positionals;
  if (extra.length > 0) throw new CliError(EXIT.usage, SHARE_USAGE);
  const target = () => apiTarget(values, io);
  if (sub === "create" && (ref === undefined) === Boolean(values.series?.length)) {
    const t = target();
    const body = ref
      ? { kind: "run", runId: ref }
      : {
          kind: "comparison",
          comparison: {
            items: values.series!.map(seriesOf),
            reference: Number(values.reference ?? 0),
          },
        };
    const link = await callApi<TShareLink>(io, t, "POST", "/share-links", body);
    io.stdout(values.json ? `${JSON.stringify(link, null, 2)}\n` : `${linkOf(t, link)}\n`);
    return EXIT.ok;
  }
  if (sub === "list" && ref === undefined) {
    const t = target();
    const query = values.run ? `?runId=${encodeURIComponent(values.run)}` : "";
    const links = await callApi<TShareLink[]>(io, t, "GET", `/share-links${query}`);
    io.stdout(values.json ? `${JSON.stringify(links, null, 2)}\n` : describe(t, links));
    return EXIT.ok;
  }
  if (sub === "revoke" && ref) {
    await callApi(io, target(), "POST", `/share-links/${encodeURIComponent(ref)}/revoke`, {});
    io.stdout(values.json ? `${JSON.stringify({ id: ref, revoked: true })}\n` : `revoked ${ref}\n`);
    return EXIT.ok;
  }
  throw new CliError(EXIT.usage, SHARE_USAGE);
}
