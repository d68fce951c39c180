// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true } }
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "../../test/render-with-i18n.tsx";
import { createRoutesStub } from "react-router";
import { BotCheck, TurnstileWidget } from "./BotCheck.tsx";

/** Stands in for Cloudflare's window.turnstile (the script itself is not fetched in tests). */
function installTurnstile() {
  const calls: {
    render: { container: HTMLElement; params: Record<string, unknown> }[];
    reset: string[];
    remove: string[];
  } = { render: [], reset: [], remove: [] };
  window.turnstile = {
    render(container, params) {
      calls.render.push({ container, params });
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = String(params["response-field-name"]);
      input.value = "token-from-turnstile";
      container.append(input);
      return `widget-${calls.render.length}`;
    },
    reset: (id) => calls.reset.push(id),
    remove: (id) => calls.remove.push(id),
  };
  return calls;
}

afterEach(() => {
  cleanup();
  delete window.turnstile;
});

describe("TurnstileWidget", () => {
  it("loads Turnstile's script once and renders the widget in the page language inside the form", async () => {
    const calls = installTurnstile();
    const { container, unmount } = renderWithI18n(
      <form>
        <TurnstileWidget siteKey="site-key-1" language="bg" />
        <TurnstileWidget siteKey="site-key-1" language="bg" />
      </form>,
    );

    await waitFor(() => expect(calls.render).toHaveLength(2));
    const scripts = [...document.head.querySelectorAll("script")];
    expect(scripts.map((script) => [script.src, script.async, script.defer])).toEqual([
      ["https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit", true, true],
    ]);
    expect(calls.render[0]?.params).toEqual({
      sitekey: "site-key-1",
      language: "bg",
      "response-field-name": "cf-turnstile-response",
    });
    const form = container.querySelector("form") as HTMLFormElement;
    expect(new FormData(form).getAll("cf-turnstile-response")).toEqual([
      "token-from-turnstile",
      "token-from-turnstile",
    ]);

    unmount();
    expect(calls.remove).toEqual(["widget-1", "widget-2"]);
  });

  it("lets the browser choose for Macedonian, which Turnstile does not speak", async () => {
    const calls = installTurnstile();
    renderWithI18n(<TurnstileWidget siteKey="site-key-1" language="mk" />);
    await waitFor(() => expect(calls.render).toHaveLength(1));
    expect(calls.render[0]?.params.language).toBe("auto");
  });

  it("asks for a fresh token when resetKey changes (a token is good for one verification)", async () => {
    const calls = installTurnstile();
    /** A form whose answer changes resetKey, as a route's action data does after each submission. */
    function SignUpForm() {
      const [answers, setAnswers] = useState(0);
      return (
        <>
          <TurnstileWidget siteKey="site-key-1" language="en" resetKey={answers} />
          <button type="button" onClick={() => setAnswers(answers + 1)}>
            Answer
          </button>
        </>
      );
    }
    renderWithI18n(<SignUpForm />);
    await waitFor(() => expect(calls.render).toHaveLength(1));
    expect(calls.reset).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Answer" }));
    expect(calls.reset).toEqual(["widget-1"]);
  });
});

describe("BotCheck", () => {
  /** A page under a root route whose public configuration has the given site key. */
  function renderPage(botCheckSiteKey: string | null) {
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        loader: () => ({ language: "de", config: { botCheckSiteKey } }),
        Component: () => (
          <form aria-label="Sign up">
            <BotCheck />
          </form>
        ),
      },
    ]);
    return renderWithI18n(<Stub />);
  }

  it("renders nothing when the bot check is not configured", async () => {
    const calls = installTurnstile();
    renderPage(null);
    const form = await screen.findByRole("form", { name: "Sign up" });
    expect(form.childElementCount).toBe(0);
    expect(calls.render).toEqual([]);
  });

  it("renders the widget with the configured site key in the page language", async () => {
    const calls = installTurnstile();
    renderPage("site-key-2");
    await waitFor(() => expect(calls.render).toHaveLength(1));
    expect(calls.render[0]?.params).toMatchObject({ sitekey: "site-key-2", language: "de" });
  });
});
