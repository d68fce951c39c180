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
