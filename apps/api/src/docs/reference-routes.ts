import { createRequire } from "node:module";
import { dirname } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { OpenApiDocument } from "./document-types.ts";
import { renderReferencePage } from "./reference-page.ts";

/** Swagger UI's prebuilt files, served from this origin (no CDN: the page works offline and leaks no visits). */
const SWAGGER_UI_FILES = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const ASSETS = "/docs/api/assets/";

/** Starts Swagger UI on the document this server publishes: a file of ours, so no inline script is needed. */
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: "/v1c/openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  defaultModelsExpandDepth: 0,
  docExpansion: "list",
});
`;

/** Only what the reference page loads: its own scripts and styles, the document, Swagger UI's inline SVGs. */
const REFERENCE_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "form-action 'none'",
].join("; ");

/**
 * `/docs/api`: the OpenAPI document in Swagger UI (a maintained renderer: schemas, examples, "try it out" against
 * this server), with the same reference as plain HTML for readers without JavaScript.
 */
/**
 * Swagger UI's own colours that fall below WCAG AA contrast (axe): numbers in the example blocks (an inline style,
 * hence the attribute selector and !important) and where a parameter goes.
 */
const CONTRAST_FIXES =
  '.swagger-ui .microlight span[style*="211, 99, 99"]{color:#ff9e9e!important}.swagger-ui .parameter__in{color:#595959}';

export async function registerReferenceRoutes(app: FastifyInstance, document: OpenApiDocument): Promise<void> {
  const prose = renderReferencePage(document);
  const page = prose
    // No icon of its own (the API may run without the web app's favicon): none is asked for.
    .replace(
      "</head>",
      `<link rel="stylesheet" href="${ASSETS}swagger-ui.css"><style>${CONTRAST_FIXES}</style><link rel="icon" href="data:,"></head>`,
    )
    .replace(
      '<body><main class="prose">',
      // The prose's styles are scoped to it (.prose), so Swagger UI's code blocks keep their own colours.
      `<body><div id="reference"></div><script src="${ASSETS}swagger-ui-bundle.js"></script><script src="/docs/api/start.js"></script><noscript><main class="prose">`,
    )
    .replace("</main></body>", "</main></noscript></body>");
  app.get("/docs/api", async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("content-security-policy", REFERENCE_PAGE_POLICY).send(page),
  );
  app.get("/docs/api/start.js", async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=3600").send(START_SCRIPT),
  );
  await app.register(fastifyStatic, {
    root: SWAGGER_UI_FILES,
    prefix: ASSETS,
    // Only the two files the page loads: the package also holds an example page pointing at the Petstore.
    allowedPath: (path) => path === "/swagger-ui-bundle.js" || path === "/swagger-ui.css",
    maxAge: "1d",
    decorateReply: false,
  });
}
