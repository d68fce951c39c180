/**
 * Route modules whose page data is written once for both targets (decision 0052): they export `loader` and
 * `clientLoader` made from the same `load(env)`, `action` and `clientAction` from the same `act(env, form)` when
 * they have a form, and import `*.server.ts` modules only for their server exports.
 * The native app's route set grows from this list; the web build is the same for every route.
 */
export const NATIVE_READY_ROUTES: readonly string[] = [
  "routes/home.tsx",
  "routes/search.tsx",
  "routes/services.tsx",
  "routes/classes.tsx",
  "routes/location.tsx",
  "routes/locations.tsx",
  "routes/business.tsx",
  "routes/content-page.tsx",
  "routes/inspiration.tsx",
  "routes/inspiration-view.tsx",
  "routes/download-application.tsx",
  // Login-required: the env's requireViewer() (the app's session, or sign-in and back).
  "routes/forms.tsx",
  "routes/liked-pictures.tsx",
  "routes/my-locations.tsx",
  "routes/my-memberships.tsx",
  "routes/appointments.tsx",
  // With their writes: `action` and `clientAction` from one `act(env, form)`.
  "routes/notifications.tsx",
  "routes/forms-detail.tsx",
  "routes/memberships.tsx",
  "routes/appointment.tsx",
  // Booking: the basket read and kept through the env (the web's cookie, the app's Preferences).
  "routes/book.tsx",
  "routes/basket.tsx",
  "routes/checkout.tsx",
  "routes/class-session.tsx",
  "routes/appointment-reschedule.tsx",
  // A language choice and a sign-out kept by the env (keepLanguage, forgetSignIn); password and deletion on the web.
  "routes/settings.tsx",
];
