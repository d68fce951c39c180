import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False while rendering on the server and hydrating, true after: for parts that only exist in a browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
