import { useTranslation } from "../i18n/i18n-context.tsx";

/** Category names live in the catalogs: the taxonomy's categories are fixed slugs. */
const CATEGORY_KEYS = {
  barber: "services.category.barber",
  body: "services.category.body",
  "brows-lashes": "services.category.browsLashes",
  face: "services.category.face",
  fitness: "services.category.fitness",
  hair: "services.category.hair",
  "hair-removal": "services.category.hairRemoval",
  makeup: "services.category.makeup",
  massage: "services.category.massage",
  nails: "services.category.nails",
} as const;

export function useCategoryName(): (slug: string) => string {
  const { t } = useTranslation();
  return (slug) => (slug in CATEGORY_KEYS ? t(CATEGORY_KEYS[slug as keyof typeof CATEGORY_KEYS]) : slug);
}
