import { lazy, Suspense } from "react";
import { useIsNativeApp } from "../pwa/native-app.ts";

// The build's target is a constant (vite.config.ts): the web build folds this to null and has no native chunk.
const NativeApp =
  import.meta.env.TERMIN_BUILD_TARGET === "native"
    ? lazy(() => import("../native/NativeApp.tsx").then((module) => ({ default: module.NativeApp })))
    : null;

/** The native app's own behaviours (app/native), loaded in the native build when it runs in the app. */
export function NativeAppMount() {
  const native = useIsNativeApp();
  if (!NativeApp || !native) return null;
  return (
    <Suspense fallback={null}>
      <NativeApp />
    </Suspense>
  );
}
