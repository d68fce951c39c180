/** Placeholders in the shape of the calendar and the times while new ones load. */
export function CalendarSkeleton() {
  return (
    <div className="day-calendar__days day-calendar__days--skeleton" aria-hidden="true">
      {Array.from({ length: 14 }, (_, index) => (
        <span key={index} className="day skeleton" />
      ))}
    </div>
  );
}

export function TimesSkeleton() {
  return (
    <div className="time-groups" aria-hidden="true">
      <div className="skeleton skeleton--line skeleton--short" />
      <div className="time-group__times">
        {Array.from({ length: 8 }, (_, index) => (
          <span key={index} className="time-chip time-chip--skeleton skeleton" />
        ))}
      </div>
    </div>
  );
}
