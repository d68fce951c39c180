import type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
import { parseSetCookie } from "cookie";
import { COOKIE } from "@termin/contracts/cookies";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import { sessionFromTokens, setSessionHeader, type TokenResponse } from "../app/lib/session-cookie.server.ts";
import { signUpAndSignIn } from "./account-fixtures.ts";
import {
  expect,
  expectNoAxeViolations,
  journeyTab,
  required,
  sidewaysOverflow,
  test,
  waitForStableApp,
} from "./fixtures.ts";

/**
 * Forms reach a client only from a business, and there is no business-side API: the demo client is the one
 * client with forms. It has one pending form per width this file runs at, so each width fills in its own and
 * none depends on another (the server starts on a fresh demo database every run). The narrowest width
 * fills its form with JavaScript off: the page must work as a plain form post.
 */
interface Journey {
  form: string;
  business: string;
  javaScript: boolean;
  /** The questions an empty submission must flag, with the message shown at each, first one first. */
  emptyErrors: Array<[question: (page: Page) => Locator, message: string]>;
  /** Answers with a mistake or two left in; the errors shown after sending them. */
  fillWithMistakes(page: Page): Promise<void>;
  mistakes: Array<[question: (page: Page) => Locator, message: string]>;
  /** Corrects the mistakes; then the answers must be accepted. */
  correct(page: Page): Promise<void>;
  /** Questions and answers as the read-only view shows them. */
  answers: Array<[question: string, answer: string]>;
}

// By role and accessible name: a label's text also holds the visual "*" of a required question (aria-hidden).
const input = (label: string) => (page: Page) => page.getByRole("textbox", { name: label, exact: true });
const number = (label: string) => (page: Page) => page.getByRole("spinbutton", { name: label, exact: true });
/** The first control of a group of choices (the one that takes the focus). */
const group = (legend: RegExp) => (page: Page) => page.getByRole("group", { name: legend }).locator("input").first();
const box = (label: RegExp) => (page: Page) => page.getByRole("checkbox", { name: label });
/** A date input: it has no ARIA role of its own. */
const date = (label: string) => (page: Page) => page.getByLabel(label, { exact: true });

const ANSWER = "Please answer this question.";
const TICK = "Tick this box to continue.";

const JOURNEYS: Record<string, Journey> = {
  "desktop-1280": {
    form: "Health questionnaire",
    business: "Козметично студио Жасмин",
    javaScript: true,
    emptyErrors: [
      [input("Emergency contact (name and phone)"), ANSWER],
      [number("Age"), ANSWER],
      [group(/Preferred pressure/), ANSWER],
      [group(/pregnant or breastfeeding/), ANSWER],
      [group(/high or low blood pressure/), ANSWER],
      [box(/information is correct/), TICK],
    ],
    async fillWithMistakes(page) {
      await input("Emergency contact (name and phone)")(page).fill("Ivan, 0888 123 456");
      await number("Age")(page).fill("20.5");
      await number("Pain or tension today")(page).fill("11");
      await date("Date of your last massage or facial")(page).fill("2030-01-01");
      await page.getByRole("radio", { name: "Firm" }).check();
      await page.getByRole("checkbox", { name: "Neck" }).check();
      await page.getByRole("checkbox", { name: "Lower back" }).check();
      await page
        .getByRole("group", { name: /pregnant or breastfeeding/ })
        .getByLabel("No")
        .check();
      await page
        .getByRole("group", { name: /high or low blood pressure/ })
        .getByLabel("Yes")
        .check();
      await page.getByRole("checkbox", { name: /information is correct/ }).check();
    },
    mistakes: [
      [number("Age"), "Enter a whole number, without decimals."],
      [number("Pain or tension today"), "Enter a number no larger than 10."],
      [date("Date of your last massage or facial"), "Enter a date that is not in the future."],
    ],
    async correct(page) {
      await number("Age")(page).fill("35");
      await number("Pain or tension today")(page).fill("4");
      await date("Date of your last massage or facial")(page).fill("");
    },
    answers: [
      ["Emergency contact (name and phone)", "Ivan, 0888 123 456"],
      ["Age", "35"],
      ["Pain or tension today", "4"],
      ["Date of your last massage or facial", "Not answered"],
      ["Preferred pressure", "Firm"],
      ["Areas to focus on", "Neck, Lower back"],
      ["Are you pregnant or breastfeeding?", "No"],
      ["Do you have high or low blood pressure?", "Yes"],
      ["I confirm that this information is correct and I will tell my therapist about any changes.", "Agreed"],
    ],
  },
  "mobile-320": {
    form: "Анкета преди първия час",
    business: "Прана Йога",
    javaScript: false,
    emptyErrors: [
      [group(/Какъв опит имате с йога/), ANSWER],
      [group(/Бременна ли сте/), ANSWER],
      [box(/правилата на студиото/), TICK],
    ],
    async fillWithMistakes(page) {
      await page.getByRole("radio", { name: "Начинаещ" }).check();
      await page.getByRole("checkbox", { name: "Гъвкавост" }).check();
      await page
        .getByRole("group", { name: /Бременна ли сте/ })
        .getByLabel("No")
        .check();
    },
    mistakes: [[box(/правилата на студиото/), TICK]],
    async correct(page) {
      await page.getByRole("checkbox", { name: /правилата на студиото/ }).check();
    },
    answers: [
      ["Какъв опит имате с йога?", "Начинаещ"],
      ["Какво искате да постигнете?", "Гъвкавост"],
      ["Травми или операции през последните 12 месеца", "Not answered"],
      ["Бременна ли сте?", "No"],
    ],
  },
};

/** Signs a browser context in as `email` through the real POST /auth/token, with the web server's own cookie. */
async function signIn(context: BrowserContext, request: APIRequestContext, email: string, password: string) {
  const response = await request.post("/auth/token", { data: { grant_type: "password", username: email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const tokens = (await response.json()) as TokenResponse;
  const origin = new URL(response.url()).origin;
  const cookie = parseSetCookie(setSessionHeader(new Request(origin), sessionFromTokens(tokens)));
  await context.addCookies([{ name: COOKIE.session, value: cookie.value ?? "", url: origin, httpOnly: true }]);
}

const card = (page: Page, name: string) => page.getByRole("article").filter({ hasText: name });

async function expectErrorAt(question: Locator, message: string) {
  await expect(question).toHaveAttribute("aria-invalid", "true");
  await expect(question).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
}

test("a client with no forms sees why the list is empty", async ({ page, request, visit }) => {
  await signUpAndSignIn(page, request);
  await visit("/en/forms");
  await expect(page).toHaveTitle(/^My forms · /);
  await expect(page.getByRole("heading", { name: "My forms", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No forms yet", level: 2 })).toBeVisible();
  await expect(page.getByText("When a business sends you one, you will find it here.")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
});

test("the demo client fills in a form: errors at each question, then the answers, read-only", async ({
  browser,
  page,
  request,
  visit,
  baseURL,
}, testInfo) => {
  // A whole journey: three submissions, a reload, a second client and several accessibility scans.
  test.setTimeout(60_000);
  const journey = required(JOURNEYS[testInfo.project.name], `a demo form for the project ${testInfo.project.name}`);
  const origin = required(baseURL, "baseURL");
  // The narrowest width has its own context with JavaScript off (the `page` fixture keeps its default).
  const { context, tab } = await journeyTab({ browser, page, baseURL }, journey.javaScript);
  await signIn(context, request, DEMO_CLIENT.email, DEMO_CLIENT.password);
  // axe-core runs as page script: without JavaScript it cannot; the other widths check the same markup.
  const checkAccessibility = () => (journey.javaScript ? expectNoAxeViolations(tab) : Promise.resolve());
  const open = (path: string) => (journey.javaScript ? visit(path) : tab.goto(path));

  await open("/en/forms");
  await expect(card(tab, "Appointment policy").getByText("Submitted", { exact: true })).toBeVisible();
  const mine = card(tab, journey.form);
  await expect(mine.getByText("Pending", { exact: true })).toBeVisible();
  await expect(mine.getByText(journey.business)).toBeVisible();
  await expect(mine.getByText(/^Sent \w{3} \d{1,2}, \d{4}/)).toBeVisible();
  await mine.getByRole("link", { name: journey.form }).click();

  await expect(tab.getByRole("heading", { name: journey.form, level: 1 })).toBeVisible();
  const formUrl = new URL(tab.url()).pathname;
  if (journey.javaScript) await waitForStableApp(tab);
  await checkAccessibility();
  const send = tab.getByRole("button", { name: "Send answers" });

  // Nothing answered: every required question says so, and (with JavaScript) the first takes the focus.
  await send.click();
  await expect(tab.getByRole("alert").filter({ hasText: "Some answers need your attention." })).toBeVisible();
  for (const [question, message] of journey.emptyErrors) await expectErrorAt(question(tab), message);
  const [firstQuestion] = required(journey.emptyErrors[0], "an error of an empty form");
  if (journey.javaScript) await expect(firstQuestion(tab)).toBeFocused();
  await checkAccessibility();

  // Some mistakes: only those are flagged, and every answer given is still there.
  await journey.fillWithMistakes(tab);
  await send.click();
  await expect(tab.locator('[aria-invalid="true"]')).toHaveCount(journey.mistakes.length);
  for (const [question, message] of journey.mistakes) await expectErrorAt(question(tab), message);

  // Corrected and sent: while the answers travel, the button is disabled and marked as loading.
  await journey.correct(tab);
  if (journey.javaScript) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await tab.route(
      (url) => url.pathname.startsWith(formUrl),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await send.click();
    await expect(send).toBeDisabled();
    await expect(send).toHaveClass(/\bis-loading\b/);
    release();
  } else {
    await send.click();
  }

  const thanks = tab.getByRole("status").filter({ hasText: `Your answers have been sent to ${journey.business}` });
  await expect(thanks).toBeVisible();
  // The form and its button are gone: the reader lands on the thanks.
  if (journey.javaScript) await expect(thanks).toBeFocused();
  await expect(tab.getByRole("button", { name: "Send answers" })).toHaveCount(0);
  const answers = tab.getByRole("region", { name: "Your answers" });
  for (const [question, answer] of journey.answers) {
    const item = answers
      .locator(".submitted-answers__item")
      .filter({ has: tab.getByRole("term").getByText(question, { exact: true }) });
    await expect(item.getByRole("definition"), question).toHaveText(answer);
  }
  await checkAccessibility();

  // A reload shows the answers, sends nothing again and thanks no more; the list says Submitted.
  expect(new URL(tab.url()).search).toBe("");
  await tab.reload();
  await expect(answers).toBeVisible();
  await expect(tab.getByText(/Your answers have been sent/)).toHaveCount(0);
  await tab.getByRole("link", { name: "All forms" }).click();
  await expect(card(tab, journey.form).getByText("Submitted", { exact: true })).toBeVisible();

  // Nobody else can open it: another client gets the 404 page.
  const other = await browser.newContext({ viewport: page.viewportSize(), baseURL: origin });
  const otherPage = await other.newPage();
  await signUpAndSignIn(otherPage, request);
  const response = await otherPage.goto(formUrl);
  expect(response?.status()).toBe(404);
  await expect(otherPage.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await other.close();
  if (!journey.javaScript) await context.close();
});

test("the list and every demo form fit the screen without sideways scrolling", async ({ page, request, visit }) => {
  await signIn(page.context(), request, DEMO_CLIENT.email, DEMO_CLIENT.password);
  const fits = async () => expect(await sidewaysOverflow(page)).toBe(0);
  await visit("/en/forms");
  await fits();
  const links = page.getByRole("article").getByRole("link");
  await expect(links).toHaveCount(5);
  const paths = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await fits();
  }
});

test("at 375 px the list of forms passes axe, its title links tall enough to tap", async ({ page, request, visit }) => {
  // Journeys skip this width; the cards' titles were 21 px tall here, under the 24 px of WCAG 2.5.8.
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page.context(), request, DEMO_CLIENT.email, DEMO_CLIENT.password);
  await visit("/en/forms");
  for (const link of await page.getByRole("article").getByRole("link").all()) {
    expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(24);
  }
});

test("a form's page sends a visitor to sign in first", async ({ request }) => {
  const path = "/en/forms/00000000-0000-4000-8000-000000000000";
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`/en/sign-in?redirectTo=${encodeURIComponent(path)}`);
});
