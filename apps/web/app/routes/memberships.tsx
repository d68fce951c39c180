import { Link, data, redirect, redirectDocument, useActionData, useNavigation } from "react-router";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { MembershipInstanceResource } from "@termin/contracts/membership-resources";
import type { PaymentLinkResource } from "@termin/contracts/payment-resources";
import type { Route } from "./+types/memberships";
import { ApiError } from "../api/client.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
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
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { t } = env;
  const page = await loadOffers(env.api, env.url, env.language);
  const heading =
    page.scope.kind === "city"
      ? t("memberships.inCity", { city: page.scope.name })
      : t("memberships.of", { name: page.scope.name });
  return {
    title: `${heading} · ${env.config.appName}`,
    description: t("memberships.lead"),
    heading,
    ...page,
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

/**
 * Buys the chosen membership for the signed-in client (a visitor signs in first and comes back): to its payment
 * page when it is paid online, else to My memberships, where it is active.
 */
async function act(env: PageEnv<Route.ActionArgs["params"]>, form: FormData) {
  const { language } = env;
  const { api } = env.requireViewer();
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

export const action = async (args: Route.ActionArgs) => act(serverPageEnv(args), await args.request.formData());
export const clientAction = async (args: Route.ClientActionArgs) =>
  act(await clientPageEnv(args), await args.request.formData());

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }] : [];

export default function Memberships({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { heading, scope, offers } = loaderData;
  const failed = useActionData<typeof act>();
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
