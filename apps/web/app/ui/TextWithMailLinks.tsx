import { Fragment, type ReactNode } from "react";

/** An address as written in running text: the sentence's closing full stop is not part of it. */
const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/giu;

/** Plain text (content page paragraphs) with each e-mail address made a `mailto:` link. */
export function TextWithMailLinks({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(EMAIL_ADDRESS)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={`mailto:${match[0]}`}>
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
