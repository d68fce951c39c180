import { data } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { isContentPageId } from "@termin/domain/content-pages";
import type { Route } from "./+types/content-page";
import { ApiError } from "../api/client.ts";
import { getContentPage } from "../api/pages.ts";
import { formatDate } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { TextWithMailLinks } from "../ui/TextWithMailLinks.tsx";

/** pages/privacy-policy, pages/terms, pages/cookies, pages/contacts (spec section 2). */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { pageId } = env.params;
  if (!isContentPageId(pageId)) throw data(null, { status: 404 });
  const page = await getContentPage(env.api, pageId).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  });
  return { page: page.attributes, appName: env.config.appName };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.page.title} · ${loaderData.appName}` },
        { name: "description", content: loaderData.page.summary },
      ]
    : [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { page } = loaderData;
  const updated = formatDate(page.updated_at, language, "long");
  return (
    <article className="page page--narrow content-page">
      <h1>{page.title}</h1>
      <p className="content-page__summary">{page.summary}</p>
      {page.blocks.map((block, index) =>
        block.type === "heading" ? (
          <h2 key={index}>{block.text}</h2>
        ) : (
          <p key={index}>
            <TextWithMailLinks text={block.text} />
          </p>
        ),
      )}
      <p className="content-page__updated">{t("pages.updated", { date: updated })}</p>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
