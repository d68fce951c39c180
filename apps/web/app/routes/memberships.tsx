import { Link, data, redirect, redirectDocument, useActionData, useNavigation } from "react-router";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { MembershipInstanceResource } from "@termin/contracts/membership-resources";
import type { PaymentLinkResource } from "@termin/contracts/payment-resources";
import type { Route } from "./+types/memberships";
import { ApiError } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { publicConfig } from "../lib/config.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { serverT } from "../lib/server-i18n.ts";
import { useLanguage } from "../lib/use-language.ts";
import { requireViewer } from "../lib/viewer.server.ts";
import { payPageUrl } from "../booking/payment-view.ts";
import { MembershipOffer } from "../memberships/MembershipOffer.tsx";
import { waitingPurchasePage } from "../memberships/my-memberships.ts";
import { loadOffers } from "../memberships/offers.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import "../memberships/memberships.css";

/**
 * Memberships on offer: of a place (`?location=`), a business (`?business=`), or the businesses of a city
 * (`?city=`, else the city with the most places), each with a button that buys it.
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, params.lang);
  const page = await loadOffers(serverApiClient(request, url, language), url);
  const t = serverT(context);
  const heading =
    page.scope.kind === "city"
      ? t("memberships.inCity", { city: page.scope.name })
      : t("memberships.of", { name: page.scope.name });
  return {
    title: `${heading} · ${publicConfig.appName}`,
    description: t("memberships.lead"),
    heading,
    ...page,
  };
}

/**
 * Buys the chosen membership for the signed-in client (a visitor signs in first and comes back): to its payment
 * page when it is paid online, else to My memberships, where it is active.
 */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const { api } = requireViewer({ request, url, language, context });
  const form = await request.formData();
  const membershipId = String(form.get("membership") ?? "");
  // Bought a moment ago and not paid yet (Back from the payment page, a second click): that purchase goes on.
  const waiting = await waitingPurchasePage(api, membershipId, new Date());
  if (waiting) return redirectDocument(payPageUrl(waiting, language));
  try {
    const bought = await api.post<SingleDocument<MembershipInstanceResource> & { included?: PaymentLinkResource[] }>(
      "membership-instances",
      {
        data: {
          type: "membership-instances",
          relationships: { membership: { data: { type: "memberships", id: membershipId } } },
        },
      },
    );
    const link = (bought.included ?? []).find((item): item is PaymentLinkResource => item.type === "payment-links");
    // The payment page is the server's, not a route of this app: the browser loads it as a new document.
    if (link) return redirectDocument(payPageUrl(link.attributes.url, language));
    return redirect(`/${language}/my-memberships?${new URLSearchParams({ bought: bought.data.id })}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      return data({ failed: membershipId }, { status: 422 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }] : [];

export default function Memberships({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { heading, scope, offers } = loaderData;
  const failed = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  return (
    <div className="page memberships-page">
      <h1>{heading}</h1>
      <p className="hero__lead">{t("memberships.lead")}</p>
      {scope.kind === "city" && scope.cities.length > 1 ? (
        <nav aria-label={t("memberships.cities")}>
          <ul className="chips">
            {scope.cities.map((city) => (
              <li key={city.slug}>
                <Link
                  className="chip"
                  to={`${to("memberships")}?city=${city.slug}`}
                  aria-current={city.slug === scope.slug ? "page" : undefined}
                >
                  {city.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {failed ? (
        <p role="alert" className="form-alert">
          {t("memberships.buyFailed")}
        </p>
      ) : null}
      {offers.length === 0 ? (
        <EmptyState
          title={t("memberships.emptyTitle")}
          body={t("memberships.emptyBody")}
          action={{ to: to("memberships"), label: t("memberships.seeAll") }}
        />
      ) : (
        <ul className="membership-offers">
          {offers.map((offer) => (
            <li key={offer.id}>
              <MembershipOffer offer={offer} pending={pending} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
