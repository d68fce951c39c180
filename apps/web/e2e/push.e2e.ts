import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { startLocalPushService, type LocalPushService } from "@termin/api/push/testing/local-push-service";
import en from "../app/i18n/locales/en.json" with { type: "json" };
import { signUpAndSignIn } from "./account-fixtures.ts";
import { bookThroughApi, freeSlots, placesBookingOnline, sofiaDate, singlePriceServices } from "./booking-fixtures.ts";
import { expect, openMenu, required, test, toast, waitForStableApp } from "./fixtures.ts";

// Pushes reach the page through its service worker (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

let pushService: LocalPushService;
test.beforeAll(async () => {
  pushService = await startLocalPushService();
});
test.afterAll(async () => {
  await pushService.close();
});

/**
 * Chromium's push service is Google's, out of reach here: the page's PushManager hands out a subscription at the
 * local push service, whose keys the test holds (the browser's boundary, substituted; all of our code runs). The
 * server encrypts to those keys and the test decrypts what arrives, as the browser would.
 */
async function subscribeAtLocalService(context: BrowserContext, token: string) {
  await context.grantPermissions(["notifications"]);
  await context.addInitScript(
    (subscription: { endpoint: string }) => {
      const made = () => sessionStorage.getItem("e2e-push-subscribed") === "1";
      const fake = {
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => subscription,
        unsubscribe: () => {
          sessionStorage.removeItem("e2e-push-subscribed");
          return Promise.resolve(true);
        },
      };
      PushManager.prototype.subscribe = function subscribe() {
        sessionStorage.setItem("e2e-push-subscribed", "1");
        return Promise.resolve(fake as unknown as PushSubscription);
      };
      PushManager.prototype.getSubscription = function getSubscription() {
        return Promise.resolve(made() ? (fake as unknown as PushSubscription) : null);
      };
    },
    JSON.parse(token) as { endpoint: string },
  );
}

/** Delivers `payload` to the page's service worker as a push, through the DevTools protocol (the browser's own path). */
async function deliverPush(page: Page, payload: unknown) {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const active = registrations.find((each) => !each.isDeleted);
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    data: JSON.stringify(payload),
  });
}

/** A time far enough ahead that other journeys, which take the first free ones, do not race this test for it. */
async function aFreeTime(request: Parameters<typeof placesBookingOnline>[0]) {
  for await (const { place } of placesBookingOnline(request)) {
    for (const service of await singlePriceServices(request, place.id)) {
      const slots = await freeSlots(request, {
        priceId: service.priceId,
        locationId: place.id,
        from: sofiaDate(9),
        to: sofiaDate(12),
      });
      const slot = slots.data.at(-1);
      if (slot) return { locationId: place.id, priceId: service.priceId, startsAt: slot.attributes.starts_at };
    }
  }
  throw new Error("Missing in the demo data: a place with a free time 9 to 12 days ahead");
}

test("a client turns notifications on in settings; a booking's push shows in front as a toast and opens the appointment", async ({
  page,
  context,
  request,
}) => {
  const browser = pushService.browser(`e2e-${randomUUID()}`);
  await subscribeAtLocalService(context, browser.token);
  const client = await signUpAndSignIn(page, request);
  await page.goto("/en/settings");
  await waitForStableApp(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  const offer = page.getByRole("region", { name: en.push.title });
  await offer.getByRole("button", { name: en.push.turnOn }).click();
  await expect(offer.getByText(en.push.on)).toBeVisible();

  const time = await aFreeTime(request);
  const booked = await bookThroughApi(request, client.authorization, { ...time, employeeId: null });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointmentClientId = required(
    ((await booked.json()) as { included?: Array<{ type: string; id: string }> }).included?.find(
      (each) => each.type === "appointment-clients",
    )?.id,
    "the booking's appointment client",
  );

  const push = await pushService.next(new URL(browser.endpoint).pathname, 30_000);
  expect(Number(push.headers.ttl)).toBeGreaterThan(0);
  const payload = browser.decrypt(push.body) as { title: string; body: string; data: { action_url: string } };
  expect(payload.data.action_url).toContain(`appointments/${appointmentClientId}`);

  await deliverPush(page, payload);
  const shown = toast(page, payload.title);
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(payload.body);
  await shown.click();
  await expect(page).toHaveURL(new RegExp(`/en/appointments/${appointmentClientId}$`));

  // Signing out ends this browser's subscription and the server forgets it: registered again, it is new (201).
  const menu = await openMenu(page);
  await menu.getByRole("button", { name: en.menu.logout }).click();
  await page
    .getByRole("alertdialog", { name: en.logout.title })
    .getByRole("button", { name: en.logout.confirm })
    .click();
  await expect(page).toHaveURL(/\/en\/home$/);
  const signedInAgain = await request.post("/auth/token", {
    data: { grant_type: "password", username: client.email, password: client.password },
  });
  const tokens = (await signedInAgain.json()) as { token_type: string; access_token: string };
  const registered = await request.post("/auth/user-token", {
    headers: { authorization: `${tokens.token_type} ${tokens.access_token}` },
    data: { provider: "webpush", token: browser.token, platforms: ["web"] },
  });
  expect(registered.status(), await registered.text()).toBe(201);
});

test("a push whose action URL is missing opens home when clicked", async ({ page, context, request }) => {
  const browser = pushService.browser(`e2e-${randomUUID()}`);
  await subscribeAtLocalService(context, browser.token);
  await signUpAndSignIn(page, request);
  await page.goto("/en/notifications");
  await waitForStableApp(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await deliverPush(page, { title: "Termin", body: "Hello" });
  await toast(page, "Termin").click();
  await expect(page).toHaveURL(/\/en\/home$/);
});
