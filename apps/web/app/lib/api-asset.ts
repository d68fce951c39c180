/**
 * A file the API names by its own path (`/images/34`, `/videos/7`, an avatar), as the page loads it: the page's
 * own origin on the web (the web server routes the API's paths), the API's address baked into the native app's
 * build there (its pages come from the app's bundle at https://localhost, where that path is not). The build's
 * target is a constant: the web build keeps only the first line, and no module of the app's.
 */
export function apiAsset(path: string): string {
  if (import.meta.env.TERMIN_BUILD_TARGET !== "native" || !path.startsWith("/")) return path;
  return `${import.meta.env.TERMIN_NATIVE_CONFIG?.publicUrl ?? ""}${path}`;
}

/** A picture of the image endpoint at a size it renders (`?s=`: the longest side in pixels). */
export const sizedImage = (path: string, size: number): string => `${apiAsset(path)}?s=${size}`;
