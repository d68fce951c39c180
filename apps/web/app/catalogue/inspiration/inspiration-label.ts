import type { Translate } from "../../i18n/i18n.ts";

/** What a Look Book link says to a screen reader: the picture, or that it plays a video. */
export function inspirationLabel(t: Translate, item: { kind: "image" | "video"; alt: string }): string {
  return item.kind === "video" ? t("inspiration.playVideo", { alt: item.alt }) : item.alt;
}
