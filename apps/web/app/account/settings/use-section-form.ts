import { useEffect, useEffectEvent } from "react";
import { useFetcher } from "react-router";
import type { SettingsAnswer } from "./settings-answer.ts";

/**
 * Answers already acted on. Kept outside the components: a keyed fetcher keeps its answer when its form
 * remounts (the profile form does after each save), and one answer must toast once.
 */
const handledAnswers = new WeakSet<object>();

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
  const answered = useEffectEvent((received: AnswerOf<I>) => onAnswer?.(received));
  useEffect(() => {
    if (answer && !handledAnswers.has(answer)) {
      handledAnswers.add(answer);
      answered(answer);
    }
  }, [answer]);
  return { fetcher, answer, pending: fetcher.state !== "idle" };
}
