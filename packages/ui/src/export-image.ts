/** Chart export in the browser: the chart's own SVG, or that SVG rasterised to PNG. */

function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Inlines CSS variables and computed colours so the file looks the same outside the page. */
function standaloneSvg(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const source = svg.querySelectorAll("*");
  const target = clone.querySelectorAll("*");
  source.forEach((el, i) => {
    const style = getComputedStyle(el);
    const out = target[i] as SVGElement | undefined;
    if (!out) return;
    for (const prop of [
      "fill",
      "stroke",
      "stroke-width",
      "stroke-dasharray",
      "font-size",
      "font-family",
      "opacity",
    ]) {
      const value = style.getPropertyValue(prop);
      if (value) out.style.setProperty(prop, value);
    }
  });
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  const { width, height } = svg.getBoundingClientRect();
  clone.setAttribute("width", String(Math.round(width)));
  clone.setAttribute("height", String(Math.round(height)));
  const bg = getComputedStyle(document.body).getPropertyValue("--panel").trim() || "#ffffff";
  clone.insertAdjacentHTML("afterbegin", `<rect width="100%" height="100%" fill="${bg}"/>`);
  return new XMLSerializer().serializeToString(clone);
}

function chartSvg(container: HTMLElement | null): SVGSVGElement | null {
  return container?.querySelector("svg.recharts-surface") ?? null;
}

export function exportSvg(container: HTMLElement | null, filename: string) {
  const svg = chartSvg(container);
  if (!svg) return;
  download(new Blob([standaloneSvg(svg)], { type: "image/svg+xml" }), `${filename}.svg`);
}

export function exportPng(container: HTMLElement | null, filename: string, scale = 2) {
  const svg = chartSvg(container);
  if (!svg) return;
  const { width, height } = svg.getBoundingClientRect();
  const img = new Image();
  const url = URL.createObjectURL(new Blob([standaloneSvg(svg)], { type: "image/svg+xml" }));
  img.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const g = canvas.getContext("2d");
    if (!g) return;
    g.scale(scale, scale);
    g.drawImage(img, 0, 0, width, height);
    URL.revokeObjectURL(url);
    canvas.toBlob((blob) => blob && download(blob, `${filename}.png`), "image/png");
  };
  img.src = url;
}
