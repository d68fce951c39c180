import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A page's `shouldRevalidate`: saving a place or liking a picture changes nothing else on a page, and the
 * toggle shows the server's answer itself, so the page's loaders need not run again (the Look Book's
 * scrolled-in tiles would start over). Other submissions revalidate as usual.
 */
export function keepAfterToggles({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formAction && /^\/[a-z]{2}\/(saved-locations|likes)(\?|$)/.test(formAction)) return false;
  return defaultShouldRevalidate;
}
