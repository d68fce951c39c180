import type { FastifyInstance } from "fastify";

/**
 * The policy for anything that is not an HTML page (API JSON, static files): nothing may
 * load from it and nobody may frame it. HTML pages set their own nonce-based policy.
 */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

const ONE_YEAR = 31_536_000;

/** Whether a policy lets some page frame the answer: a frame-ancestors other than 'none'. */
export function framingAllowed(policy: unknown): boolean {
  const ancestors = /(?:^|;)\s*frame-ancestors\s+([^;]*)/.exec(typeof policy === "string" ? policy : "");
  return ancestors !== null && ancestors[1]?.trim() !== "'none'";
}

/** Security headers on every response of this server (spec: CSP, Referrer-Policy, nosniff, HSTS over HTTPS). */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", NON_DOCUMENT_CSP);
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    // The old header for browsers before CSP 2, unless the policy lets someone frame this answer (an embed page):
    // it cannot name who, and would refuse them all.
    if (!framingAllowed(reply.getHeader("content-security-policy"))) reply.header("x-frame-options", "DENY");
    reply.header("cross-origin-opener-policy", "same-origin");
    if (request.protocol === "https") {
      reply.header("strict-transport-security", `max-age=${ONE_YEAR}; includeSubDomains`);
    }
    return payload;
  });
}
