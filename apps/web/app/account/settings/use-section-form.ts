import { useEffect, useEffectEvent, useRef } from "react";
import { useFetcher } from "react-router";
import type { SettingsAnswer } from "./settings-answer.ts";

type AnswerOf<I extends SettingsAnswer["intent"]> = Extract<SettingsAnswer, { intent: I }>;

/**
 * One settings section's form: its own fetcher (so each section has its own pending state), and the
 * action's answer for it, whether it came through the fetcher or, without JavaScript, as the page's action
 * data. `onAnswer` runs once per new answer (a success toast, clearing a form).
 */
export function useSectionForm<I extends SettingsAnswer["intent"]>(
  intent: I,
  pageAnswer: SettingsAnswer | undefined,
  onAnswer?: (answer: AnswerOf<I>) => void,
) {
  const fetcher = useFetcher<SettingsAnswer>({ key: `settings-${intent}` });
  const fromFetcher = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const fromPage = pageAnswer?.intent === intent ? pageAnswer : undefined;
  const answer = (fromFetcher ?? fromPage) as AnswerOf<I> | undefined;
  const handled = useRef<unknown>(undefined);
  const answered = useEffectEvent((received: AnswerOf<I>) => onAnswer?.(received));
  useEffect(() => {
    if (answer && handled.current !== answer) {
      handled.current = answer;
      answered(answer);
    }
  }, [answer]);
  return { fetcher, answer, pending: fetcher.state !== "idle" };
}
