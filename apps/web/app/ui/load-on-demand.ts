import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export interface OnDemandComponent<Props> {
  /** Suspends until the module is loaded; render it only once the visitor asks for it. */
  Component: LazyExoticComponent<ComponentType<Props>>;
  /** Starts the download early (pointerenter, focus of the trigger) so opening stays instant. */
  preload: () => void;
}

/**
 * A component kept out of the first-visit JavaScript: its module is fetched on first use, or as soon
 * as the visitor is about to use it.
 */
export function loadOnDemand<Props>(load: () => Promise<ComponentType<Props>>): OnDemandComponent<Props> {
  let pending: Promise<{ default: ComponentType<Props> }> | undefined;
  const fetchModule = () => {
    pending ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // A failed download may be retried by the next attempt (flaky network).
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    Component: lazy(fetchModule),
    preload: () => void fetchModule().catch(() => {}),
  };
}
