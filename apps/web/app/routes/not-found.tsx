import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPage } from "../ui/NotFoundPage.tsx";

/** The 404 page: `/{lang}/404`, and any unknown path rendered in place, always with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundPage />;
}
