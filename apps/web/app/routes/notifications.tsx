import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { NotificationCollectionDocument } from "@termin/contracts/client-area-resources";
import type { Route } from "./+types/notifications";
import { formatRelativeTime } from "../client-area/relative-time.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { lastPageAddress, listPageOf } from "../lib/page-input.ts";
import { useLanguage } from "../lib/use-language.ts";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { FormAlert } from "../ui/form/Field.tsx";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { Pager } from "../ui/Pager.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";

const PAGE_SIZE = 20;

/** The signed-in client's notifications (login required), newest first, a page at a time. */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { url, t, language } = env;
  const { api } = env.requireViewer();
  const page = listPageOf(url);
  const list = await api.get<NotificationCollectionDocument>("notifications", {
    "page[size]": String(PAGE_SIZE),
    "page[number]": String(page),
  });
  const last = lastPageAddress(url, page, list.meta.pageCount);
  if (last) throw redirect(last);
  const now = new Date();
  return {
    title: `${t("notifications.title")} · ${env.config.appName}`,
    unreadCount: list.meta.unread_count,
    page,
    pageCount: list.meta.pageCount,
    // Back from a notification's link that led nowhere (gone meanwhile).
    gone: url.searchParams.get("gone") === "1" ? t("notifications.gone") : null,
    notifications: list.data.map(({ id, attributes: a }) => ({
      id,
      title: a.title,
      body: a.body,
      language: a.language,
      names: a.names,
      read: a.read,
      createdAt: a.created_at,
      // Said by the loader in the page language: on the web, the server, so the page hydrates with the same words.
      when: formatRelativeTime(a.created_at, now, language),
    })),
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

/** "Mark all as read"; opening one is its link (notification-open.ts). */
async function act(env: PageEnv<Route.ActionArgs["params"]>, form: FormData) {
  const { api } = env.requireViewer();
  if (form.get("intent") !== "read-all") throw data("Send intent read-all.", { status: 400 });
  await api.post("notifications/read-all");
  return { markedAllRead: true };
}

export const action = async (args: Route.ActionArgs) => act(serverPageEnv(args), await args.request.formData());
export const clientAction = async (args: Route.ClientActionArgs) =>
  act(await clientPageEnv(args), await args.request.formData());

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

type Item = Route.ComponentProps["loaderData"]["notifications"][number];

/** A notice's words with the names in them (places, services) marked as names, which no translation touches. */
function withNames(text: string, names: string[]): ReactNode[] {
  const longestFirst = [...new Set(names)].sort((a, b) => b.length - a.length);
  if (longestFirst.length === 0) return [text];
  const escaped = longestFirst.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // Split with a capturing group: the names are the odd parts.
  return text.split(new RegExp(`(${escaped.join("|")})`)).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} translate="no">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * A notice of the app's carries the language it is written in; a business's own message has none recorded, so it
 * is marked as not to translate rather than claimed to be in the page's language.
 */
const wordsLanguage = (n: Item) => (n.language ? { lang: n.language } : { translate: "no" as const });

/**
 * One notification: a link to what it is about (through notification-open.ts, which marks it read; a whole page
 * load, as that route answers only with a redirect); unread ones are marked by a dot, bold type and in words.
 */
function NotificationItem({ notification: n }: { notification: Item }) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  return (
    <li>
      <Link
        reloadDocument
        to={to(`notifications/${encodeURIComponent(n.id)}`)}
        className={`notification${n.read ? "" : " notification--unread"}`}
      >
        {n.read ? null : <span className="notification__dot" aria-hidden="true" />}
        <span className="notification__title">
          {n.read ? null : <span className="visually-hidden">{t("notifications.unread")} </span>}
          <span {...wordsLanguage(n)}>{withNames(n.title, n.names)}</span>
        </span>
        <span className="notification__body" {...wordsLanguage(n)}>
          {withNames(n.body, n.names)}
        </span>
        <span className="notification__time">
          <time dateTime={n.createdAt}>{n.when}</time>
        </span>
      </Link>
    </li>
  );
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const navigation = useNavigation();
  const markingAll = navigation.state === "submitting" && navigation.formData?.get("intent") === "read-all";
  const { notifications, unreadCount, page, pageCount } = loaderData;
  const markedAllRead = actionData?.markedAllRead === true;
  const heading = useRef<HTMLHeadingElement>(null);
  // The button the person pressed is gone once all are read: the focus goes to the page's heading rather
  // than to the document's start, and the status below says what happened.
  useEffect(() => {
    if (markedAllRead) heading.current?.focus();
  }, [markedAllRead, actionData]);
  return (
    <div className="page page--narrow notifications-page">
      <div className="notifications-page__header">
        <h1 ref={heading} tabIndex={-1}>
          {t("notifications.title")}
        </h1>
        {unreadCount > 0 ? (
          <Form method="post">
            <SubmitButton pending={markingAll} name="intent" value="read-all" className="button button--secondary">
              {t("notifications.markAllRead")}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
      {/* Always in the page, so screen readers announce the text when it appears. */}
      <p role="status" className={markedAllRead ? "form-note" : "visually-hidden"}>
        {markedAllRead ? t("notifications.allMarkedRead") : null}
      </p>
      <FormAlert message={loaderData.gone ?? undefined} />
      {notifications.length === 0 ? (
        <EmptyState title={t("notifications.emptyTitle")} body={t("notifications.emptyBody")} />
      ) : (
        <ul className="notification-list">
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
      <Pager
        label={t("notifications.pages")}
        page={page}
        pageCount={pageCount}
        hrefOf={(other) => `${to("notifications")}?page=${other}`}
        previousLabel={t("notifications.newer")}
        nextLabel={t("notifications.older")}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
