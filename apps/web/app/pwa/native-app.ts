import { useSyncExternalStore } from "react";

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
}

/**
 * Whether the page runs inside the native app (Capacitor's web view). The native app updates through its store,
 * never through a service worker, so the worker is registered on the web only.
 */
export function isNativeApp(scope: { Capacitor?: CapacitorGlobal } = globalThis as { Capacitor?: CapacitorGlobal }) {
  return scope.Capacitor?.isNativePlatform?.() === true;
}

const unchanging = () => () => {};

/**
 * isNativeApp() for rendering: false in the server's (or the build's pre-rendered) HTML and in the first render that
 * hydrates it, the device's answer from then on, so the two never disagree.
 */
export function useIsNativeApp(): boolean {
  return useSyncExternalStore(unchanging, isNativeApp, () => false);
}
