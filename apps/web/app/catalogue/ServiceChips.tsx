import { Link } from "react-router";
import { useLanguage } from "../lib/use-language.ts";

/** Marketplace services as chips, each opening the search filtered by it. */
export function ServiceChips({ services }: { services: ReadonlyArray<{ slug: string; name: string }> }) {
  const { to } = useLanguage();
  return (
    <ul className="chips">
      {services.map((service) => (
        <li key={service.slug}>
          <Link className="chip" to={`${to("search")}?service=${service.slug}`}>
            {service.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
