import { describe, expect, it } from "vitest";
import { reactTo } from "./update-flow.ts";

describe("reactTo", () => {
  it("announces a download, then asks to apply the waiting version", () => {
    expect(reactTo({ kind: "updateFound" })).toEqual({ kind: "toast", toast: "downloading" });
    expect(reactTo({ kind: "waiting" })).toEqual({ kind: "dialog", confirm: "applyUpdate" });
  });

  it("reloads once the version applied here controls the page; another tab's update asks first", () => {
    expect(reactTo({ kind: "controllerChanged", appliedHere: true })).toEqual({ kind: "reload" });
    expect(reactTo({ kind: "controllerChanged", appliedHere: false })).toEqual({ kind: "dialog", confirm: "reload" });
  });

  it("shows failures as error toasts, except a check made offline", () => {
    expect(reactTo({ kind: "installFailed" })).toEqual({ kind: "toast", toast: "installFailed" });
    expect(reactTo({ kind: "failed", online: true })).toEqual({ kind: "toast", toast: "failed" });
    expect(reactTo({ kind: "failed", online: false })).toEqual({ kind: "nothing" });
  });

  it("an unrecoverable state gets the dialog, then a reload", () => {
    expect(reactTo({ kind: "unrecoverable" })).toEqual({ kind: "dialog", confirm: "reload" });
  });
});
