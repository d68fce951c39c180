import { Link } from "react-router";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { MarketplaceServiceResource } from "@termin/contracts/catalogue-resources";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Route } from "./+types/services";
import { useCategoryName } from "../catalogue/category-names.ts";
import { ServiceChips } from "../catalogue/ServiceChips.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import { marketplaceOnly, type PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

/** The marketplace taxonomy by category: every service leads to the search filtered by it. */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  marketplaceOnly(env);
  const services = await env.api.get<CollectionDocument<MarketplaceServiceResource>>("marketplace-services", {
    "page[size]": "100",
    sort: "name",
  });
  const { t } = env;
  const categories = new Map<string, Array<{ slug: string; name: string }>>();
  for (const { attributes } of services.data) {
    const list = categories.get(attributes.category) ?? [];
    list.push({ slug: attributes.slug, name: attributes.name });
    categories.set(attributes.category, list);
  }
  return {
    title: `${t("services.title")} · ${env.config.appName}`,
    description: t("services.metaDescription"),
    categories: [...categories].map(([slug, list]) => ({ slug, services: list })),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }] : [];

export default function Services({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const categoryName = useCategoryName();
  return (
    <div className="page services-page">
      <h1>{t("services.title")}</h1>
      <p className="hero__lead">{t("services.lead")}</p>
      <div className="services-page__categories">
        {loaderData.categories.map((category) => (
          <section key={category.slug} aria-labelledby={`category-${category.slug}`} className="card">
            <div className="section-heading">
              <h2 id={`category-${category.slug}`}>{categoryName(category.slug)}</h2>
              <Link to={`${to("search")}?category=${category.slug}`}>{t("services.seeAll")}</Link>
            </div>
            <ServiceChips services={category.services} />
          </section>
        ))}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
