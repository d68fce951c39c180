import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the Stripe library sent, its form body read back into flat keys (line_items[0][quantity]). */
export interface StripeCall {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

interface Session {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  url: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  amount_total: number;
  currency: string;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });

/**
 * A local server answering the few Stripe API calls we make in Stripe's wire format (form bodies in, JSON objects
 * and errors out), so the official library runs for real against it: checkout sessions (create, retrieve,
 * expire) and refunds. `pay` plays the client paying on the hosted page.
 */
export async function startStripeWireServer() {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, Session>();
  let counter = 0;
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json", "request-id": `req_${++counter}` });
    response.end(JSON.stringify(body));
  };
  const invalid = (response: ServerResponse, message: string) =>
    send(response, 400, { error: { type: "invalid_request_error", message } });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stripe.test");
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const idempotencyKey = request.headers["idempotency-key"];
    calls.push({
      method: request.method ?? "GET",
      path: url.pathname,
      form,
      idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : undefined,
    });
    if (request.headers.authorization !== "Bearer sk_test_termin") {
      return send(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const sessionPath = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/);
    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const id = `cs_test_${++counter}`;
      const metadata = Object.fromEntries(
        Object.entries(form).flatMap(([key, value]) => {
          const name = key.match(/^metadata\[(\w+)\]$/)?.[1];
          return name ? [[name, value]] : [];
        }),
      );
      const session: Session = {
        id,
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        payment_intent: null,
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]),
        currency: form["line_items[0][price_data][currency]"] ?? "",
      };
      sessions.set(id, session);
      return send(response, 200, session);
    }
    if (sessionPath) {
      const session = sessions.get(sessionPath[1] ?? "");
      if (!session)
        return send(response, 404, { error: { type: "invalid_request_error", message: "No such session" } });
      if (request.method === "GET" && !sessionPath[2]) return send(response, 200, session);
      if (request.method === "POST" && sessionPath[2]) {
        if (session.status !== "open") return invalid(response, "Only open sessions can be expired.");
        Object.assign(session, { status: "expired", url: null });
        return send(response, 200, session);
      }
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      return send(response, 200, {
        id: `re_${++counter}`,
        object: "refund",
        payment_intent: form.payment_intent,
        status: "succeeded",
      });
    }
    return send(response, 404, { error: { type: "invalid_request_error", message: `Unrecognized ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** The client pays on Stripe's page: the session completes with a payment intent. */
    pay(sessionId: string, paymentIntent: string): Session {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: paymentIntent });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
