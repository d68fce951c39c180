import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { isSupportedLanguage, matchAcceptLanguage, type Language } from "@termin/domain/languages";
import type { ApiDependencies } from "../api-dependencies.ts";
import { AppError } from "../http/app-error.ts";
import { systemClock } from "../http/clock.ts";
import { apiEdge } from "../http/input-edge.ts";
import { completePayment } from "./complete-payment.ts";
import { findPaymentLink, type FoundPaymentLink } from "./find-payment-link.ts";
import { openCheckout } from "./open-checkout.ts";
import { PAY_PAGE_TEXTS } from "./pay-page-texts.ts";
import { formatAmount, PAY_PAGE_CSP, renderPayPage, type PayPageContent } from "./pay-page.ts";
import { paymentProvidersOf } from "./payment-providers.ts";
import { stripeWebhookRoute } from "./stripe-webhook-route.ts";

/** The visitor's language: ?lang= (our own links back), else Accept-Language, else English. */
function pageLanguage(request: FastifyRequest<{ Querystring: { lang?: string } }>): Language {
  const asked = request.query.lang;
  return isSupportedLanguage(asked) ? asked : (matchAcceptLanguage(request.headers["accept-language"]) ?? "en");
}

const sendPage = (reply: FastifyReply, status: number, content: PayPageContent) =>
  reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("content-security-policy", PAY_PAGE_CSP)
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex")
    .header("content-language", content.language)
    .send(renderPayPage(content));

type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { lang?: string } }>;
type SessionRequest = FastifyRequest<{ Params: { sessionId: string }; Querystring: { lang?: string } }>;

/**
 * The payment pages, on our own origin: /pay/{token} (a payment link's url) opens the provider's checkout, or says
 * the link was paid or has expired; /pay/demo/{session} is the demonstration provider's checkout, whose one
 * button completes the payment through the same function as Stripe's webhook (/pay/webhooks/stripe).
 */
export const payRoutes: FastifyPluginAsync<ApiDependencies> = async (app, dependencies) => {
  const { database, config, clock = systemClock } = dependencies;
  const db = database.db;
  const providers = paymentProvidersOf(config);
  // Every value checked as on the API's other paths (a NUL in a path is a 400), errors as JSON:API documents.
  apiEdge(app);
  const appointmentsUrl = (language: Language) => `${config.publicUrl}/${language}/appointments`;
  const linkPath = (link: { token: string }, language: Language) => `/pay/${link.token}?lang=${language}`;
  const amountOf = (link: FoundPaymentLink, language: Language) =>
    formatAmount(link.amountMinor, link.currencyCode, language);

  const notFound = (request: FastifyRequest, reply: FastifyReply, language: Language) => {
    // A browser gets the page; an API client (Accept: JSON) the JSON:API error every other path answers.
    if (!String(request.headers.accept ?? "").includes("text/html")) {
      throw new AppError("not_found", "No payment link or checkout has this address.");
    }
    return simplePage(reply, 404, language, "notFound");
  };

  const simplePage = (
    reply: FastifyReply,
    status: number,
    language: Language,
    kind: "paid" | "expired" | "notFound",
    link?: FoundPaymentLink,
  ) => {
    // A membership's link speaks of the membership and leads back to My memberships; a booking's to My appointments.
    const membership = link?.membershipInstanceId != null;
    const texts = PAY_PAGE_TEXTS[language];
    return sendPage(reply, status, {
      language,
      heading: (t) => (kind === "paid" ? t.paidTitle : kind === "expired" ? t.expiredTitle : t.notFoundTitle),
      paragraphs: (t) => [
        {
          text:
            kind === "paid"
              ? (membership ? t.membershipPaidText : t.paidText).replace(
                  "{amount}",
                  link ? amountOf(link, language) : "",
                )
              : kind === "expired"
                ? membership
                  ? t.membershipExpiredText
                  : t.expiredText
                : t.notFoundText,
        },
      ],
      action: membership
        ? { kind: "link", href: `${config.publicUrl}/${language}/my-memberships`, label: texts.myMemberships }
        : { kind: "link", href: appointmentsUrl(language), label: texts.myAppointments },
    });
  };

  app.get("/pay/:token", async (request: TokenRequest, reply) => {
    const language = pageLanguage(request);
    const link = await findPaymentLink(db, { token: request.params.token });
    if (!link) return notFound(request, reply, language);
    const step = await openCheckout({
      db,
      providers,
      link,
      returnUrl: `${config.publicUrl}${linkPath(link, language)}`,
      description: link.what,
      language,
      now: clock.now(),
    });
    if (step.step === "checkout") {
      // Our own checkout page keeps the visitor's language; Stripe's chooses by the browser's (locale auto).
      return reply.redirect(providers.current.name === "demo" ? `${step.url}?lang=${language}` : step.url, 303);
    }
    return simplePage(reply, 200, language, step.step, link);
  });

  /** The demonstration checkout of a session: only while the demonstration provider is the one configured. */
  const demoLink = async (request: SessionRequest) => {
    if (providers.current.name !== "demo") return null;
    const link = await findPaymentLink(db, { sessionId: request.params.sessionId });
    return link?.provider === "demo" ? link : null;
  };

  app.get("/pay/demo/:sessionId", async (request: SessionRequest, reply) => {
    const language = pageLanguage(request);
    const link = await demoLink(request);
    if (!link) return notFound(request, reply, language);
    if (link.paidAt || link.releasedAt) return reply.redirect(linkPath(link, language), 303);
    const amount = amountOf(link, language);
    return sendPage(reply, 200, {
      language,
      heading: (t) => t.title,
      paragraphs: (t) => [
        { text: t.demo, className: "demo" },
        { text: link.what, ownWords: true },
        { text: `${t.due}: ${amount}`, className: "amount" },
      ],
      action: {
        kind: "form",
        action: `/pay/demo/${encodeURIComponent(request.params.sessionId)}?lang=${language}`,
        label: PAY_PAGE_TEXTS[language].pay.replace("{amount}", amount),
      },
    });
  });

  // The demonstration's button posts an empty form: nothing in it is read.
  app.addContentTypeParser("application/x-www-form-urlencoded", (_request, _payload, done) => done(null));
  app.post("/pay/demo/:sessionId", async (request: SessionRequest, reply) => {
    const language = pageLanguage(request);
    const link = await demoLink(request);
    if (!link) return notFound(request, reply, language);
    await db.transaction((tx) =>
      completePayment(tx, {
        linkId: link.id,
        provider: "demo",
        providerPaymentId: `demo_payment_${request.params.sessionId}`,
        now: clock.now(),
      }),
    );
    return reply.redirect(linkPath(link, language), 303);
  });

  await app.register(stripeWebhookRoute, { ...dependencies, providers });
};
