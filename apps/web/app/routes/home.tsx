import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Route } from "./+types/home";
import { serverCatalog } from "../i18n/catalogs.server.ts";
import { publicConfig } from "../lib/config.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { useRootData } from "../lib/use-language.ts";

export function loader({ request, params }: Route.LoaderArgs) {
  const { home } = serverCatalog(pageLanguage(request, params.lang));
  return { title: `${home.metaTitle} · ${publicConfig.appName}`, description: home.metaDescription };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.title },
  { name: "description", content: loaderData.description },
];

export default function Home() {
  const { t } = useTranslation();
  const { config } = useRootData();
  const steps = [
    { title: t("home.steps.find.title"), body: t("home.steps.find.body") },
    { title: t("home.steps.book.title"), body: t("home.steps.book.body") },
    { title: t("home.steps.manage.title"), body: t("home.steps.manage.body") },
  ];
  return (
    <div className="page home">
      <section className="hero">
        <h1>{t("home.title")}</h1>
        <p className="hero__lead">{t("home.subtitle")}</p>
      </section>
      <section aria-labelledby="how-it-works">
        <h2 id="how-it-works">{t("home.howItWorks")}</h2>
        <ol className="steps">
          {steps.map((step) => (
            <li key={step.title} className="card">
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="card partner-cta" aria-labelledby="for-business">
        <h2 id="for-business">{t("home.business.title")}</h2>
        <p>{t("home.business.body")}</p>
        <a className="button" href={config.businessPartnersUrl} target="_blank" rel="noopener">
          {t("menu.businessPartners")}
        </a>
      </section>
    </div>
  );
}
