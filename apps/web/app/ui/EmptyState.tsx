import { Link } from "react-router";

interface EmptyStateProps {
  title: string;
  body: string;
  /** Where to go from here: most empty lists lead on to search or the Look Book. */
  action?: { to: string; label: string };
}

/** What an empty list shows instead: what is missing, why, and the next step. */
export function EmptyState({ title, body, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      <p>{body}</p>
      {action ? (
        <Link className="button" to={action.to}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
