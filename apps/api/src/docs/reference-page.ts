import type { OpenApiDocument, Operation } from "./document-types.ts";

/** Renders the OpenAPI document as a readable HTML reference at /docs/api (no client-side JavaScript). */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function renderOperation(method: string, path: string, operation: Operation): string {
  const parameters = (operation.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}${p.required ? ", required" : ""}</td><td>${escapeHtml(
          p.description ?? "",
        )} <code>${escapeHtml(JSON.stringify(p.schema ?? {}))}</code></td></tr>`,
    )
    .join("");
  const responses = Object.entries(operation.responses ?? {})
    .map(([status, r]) => `<li><strong>${status}</strong> ${escapeHtml(r.description ?? "")}</li>`)
    .join("");
  return `<section><h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(operation.summary ?? "")}</p>${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ""}
${parameters ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Description</th></tr></thead><tbody>${parameters}</tbody></table>` : ""}
<ul>${responses}</ul></section>`;
}

export function renderReferencePage(document: OpenApiDocument): string {
  const sections = Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => renderOperation(method, path, op)))
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>.prose{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a}
.prose code{background:#f2f2f2;padding:0 .2em;border-radius:3px;word-break:break-word}
.prose table{border-collapse:collapse;width:100%}
.prose td,.prose th{border:1px solid #ccc;padding:.3rem;text-align:left;vertical-align:top}.prose .method{color:#0b5cad}</style></head>
<body><main class="prose"><h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description ?? "")}</p><p>Machine-readable: <a href="/v1c/openapi.json">/v1c/openapi.json</a></p>
${sections}</main></body></html>`;
}
