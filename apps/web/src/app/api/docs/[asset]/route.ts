import { readFile } from "node:fs/promises";
import path from "node:path";
// The package's own locator (its index would load the browser bundle into the server).
import getAbsoluteFSPath from "swagger-ui-dist/absolute-path.js";

/** The two files of swagger-ui-dist the docs page loads, from the installed package only. */
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

export async function GET(_request: Request, { params }: { params: Promise<{ asset: string }> }) {
  const { asset } = await params;
  const contentType = ASSETS[asset];
  if (!contentType) return new Response("Not found", { status: 404 });
  const body = await readFile(path.join(getAbsoluteFSPath(), asset));
  return new Response(body, {
    headers: { "content-type": contentType, "cache-control": "public, max-age=86400" },
  });
}
