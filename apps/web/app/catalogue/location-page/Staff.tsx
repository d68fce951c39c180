import { useTranslation } from "../../i18n/i18n-context.tsx";
import type { PictureData } from "../image-sources.ts";
import { Picture } from "../Picture.tsx";

interface StaffMember {
  id: string;
  name: string;
  title: string;
  avatar: PictureData | null;
}

export function Staff({ employees }: { employees: StaffMember[] }) {
  const { t } = useTranslation();
  if (employees.length === 0) return null;
  return (
    <section aria-labelledby="location-staff">
      <h2 id="location-staff">{t("location.staff")}</h2>
      <ul className="staff" tabIndex={0} aria-labelledby="location-staff">
        {employees.map((employee) => (
          <li key={employee.id} className="staff__member">
            {employee.avatar ? (
              <Picture
                picture={{ ...employee.avatar, alt: "" }}
                sizes="4rem"
                largestSide={256}
                className="staff__avatar"
              />
            ) : (
              <span className="staff__avatar" />
            )}
            <span className="staff__name" translate="no">
              {employee.name}
            </span>
            <span className="staff__title">{employee.title}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
