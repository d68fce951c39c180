/** Placeholders in the shape of location cards while results load (no spinner, no layout jump). */
export function LocationCardSkeletons({ count }: { count: number }) {
  return (
    <ul className="card-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="location-card location-card--skeleton">
          <div className="location-card__cover skeleton" />
          <div className="location-card__body">
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        </li>
      ))}
    </ul>
  );
}
