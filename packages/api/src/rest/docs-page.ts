/**
 * The interactive API docs: one self-contained HTML page (no CDN, no bundle) that fetches the
 * OpenAPI document and renders every operation with its parameters, schemas and a "try it"
 * form. A few dozen lines of our own instead of a large viewer package keeps it offline-capable.
 */
export function apiDocsHtml(specUrl: string, nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Meshbench API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.5 system-ui,sans-serif;max-width:980px;margin:2rem auto;padding:0 1rem;color:#1b1f24}
h1{margin-bottom:.2rem} .op{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0}
.op>summary{cursor:pointer;padding:.6rem .8rem;display:flex;gap:.8rem;align-items:center}
.m{font:600 12px monospace;padding:.1rem .5rem;border-radius:4px;color:#fff;background:#0969da}
.m.POST{background:#1a7f37}.m.PUT{background:#9a6700}.m.DELETE{background:#cf222e}
.body{padding:0 .8rem .8rem} pre{background:#f6f8fa;padding:.6rem;overflow:auto;max-height:24rem;font-size:12px}
label{display:block;margin:.3rem 0} input,textarea{font:12px monospace;width:100%;box-sizing:border-box}
textarea{height:10rem} button{margin-top:.4rem} code{background:#f6f8fa;padding:0 .2rem}
</style></head><body>
<h1>Meshbench API</h1><p id="desc">Loading <a href="${specUrl}">${specUrl}</a>…</p>
<label>API token <input id="token" type="password" placeholder="mbt_…" autocomplete="off"></label>
<div id="ops"></div>
<script nonce="${nonce}">
const esc = (s) => String(s ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
fetch(${JSON.stringify(specUrl)}).then((r) => r.json()).then((spec) => {
  document.getElementById("desc").innerHTML = esc(spec.info.description) + ' — <a href="${specUrl}">openapi.json</a>';
  const base = (spec.servers && spec.servers[0] && spec.servers[0].url) || "/api/v1";
  const ops = document.getElementById("ops");
  for (const [path, item] of Object.entries(spec.paths || {})) for (const [method, op] of Object.entries(item)) {
    const M = method.toUpperCase(), id = M + path;
    const params = (op.parameters || []).map((p) => '<label>' + esc(p.name) + ' (' + esc(p.in) + (p.required ? ', required' : '') + ')<input data-in="' + esc(p.in) + '" data-name="' + esc(p.name) + '"></label>').join("");
    const schema = op.requestBody && op.requestBody.content["application/json"].schema;
    const el = document.createElement("details"); el.className = "op";
    el.innerHTML = '<summary><span class="m ' + M + '">' + M + '</span><code>' + esc(path) + '</code> ' + esc(op.summary) + '</summary><div class="body"><p>' + esc(op.description) + '</p>' +
      params + (schema ? '<p>Request body</p><pre>' + esc(JSON.stringify(schema, null, 2)) + '</pre><label>Body (JSON)<textarea data-body></textarea></label>' : '') +
      '<p>Responses</p><pre>' + esc(JSON.stringify(op.responses, null, 2)) + '</pre><button>Send</button><pre data-out hidden></pre></div>';
    el.querySelector("button").onclick = async () => {
      let url = base + path; const query = new URLSearchParams();
      for (const i of el.querySelectorAll("input[data-in]")) if (i.value) i.dataset.in === "path" ? (url = url.replace("{" + i.dataset.name + "}", encodeURIComponent(i.value))) : query.append(i.dataset.name, i.value);
      const headers = { "content-type": "application/json" }; const token = document.getElementById("token").value;
      if (token) headers.authorization = "Bearer " + token;
      const body = el.querySelector("[data-body]");
      const res = await fetch(url + (query.size ? "?" + query : ""), { method: M, headers, body: body ? body.value : undefined });
      const out = el.querySelector("[data-out]"); out.hidden = false; out.textContent = res.status + "\\n" + (await res.text());
    };
    ops.appendChild(el);
  }
});
</script></body></html>`;
}

/** The docs page's own CSP: its one inline script by nonce, fetches to us only, no framing. */
export function apiDocsCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
