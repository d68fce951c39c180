import type { CapacitorConfig } from "@capacitor/cli";

/**
 * The native app's shell (docs/mobile.md): the web app's routes built client-only (apps/web, TERMIN_BUILD_TARGET=
 * native) in a web view. The OAuth sign-in comes back to `app.termin:/oauth/callback` (the app's own scheme,
 * declared in android/app/src/main/AndroidManifest.xml and ios/App/App/Info.plist).
 */
const config: CapacitorConfig = {
  appId: "app.termin",
  appName: "Termin",
  // What `npm run build:native` makes: the bundle's static files (index.html pre-rendered at build time).
  webDir: "../web/build-native/client",
  server: {
    // Capacitor's default, said aloud: the API allows https://localhost and capacitor://localhost (iOS) as the
    // app's origins (NATIVE_APP_ORIGINS in packages/config); change both together.
    androidScheme: "https",
  },
  plugins: {
    // A push that arrives while the app is open is shown by the app (a toast), not by the system.
    PushNotifications: { presentationOptions: [] },
    // Only Google's sign-in is offered (spec: one social provider): the other providers' SDKs stay out of the app.
    SocialLogin: { providers: { google: true, facebook: false, apple: false, twitter: false } },
  },
};

export default config;
