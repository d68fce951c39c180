import { describe, expect, it } from "vitest";
import { pushMessageOf, PUSH_MESSAGE_TYPE, readPushMessage, readPushPayload } from "./push-message.ts";

describe("readPushPayload", () => {
  it("reads the spec's payload", () => {
    const payload = JSON.stringify({ title: "Booked", body: "Tue 10:00", data: { action_url: "/appointments/7" } });
    expect(readPushPayload(payload)).toEqual({ title: "Booked", body: "Tue 10:00", actionUrl: "/appointments/7" });
  });

  it("keeps a push without an action URL or body, which goes home when clicked", () => {
    expect(readPushPayload(JSON.stringify({ title: "Hello" }))).toEqual({ title: "Hello", body: "", actionUrl: null });
    expect(readPushPayload(JSON.stringify({ title: "Hello", data: { action_url: 5 } }))?.actionUrl).toBeNull();
  });

  it("refuses what is not one: no payload, not JSON, no title", () => {
    expect(readPushPayload(null)).toBeNull();
    expect(readPushPayload("plain text")).toBeNull();
    expect(readPushPayload("[1,2]")).toBeNull();
    expect(readPushPayload(JSON.stringify({ body: "no title" }))).toBeNull();
    expect(readPushPayload(JSON.stringify({ title: " " }))).toBeNull();
  });
});

describe("readPushMessage", () => {
  it("reads the notification the native app's push plugin hands over, with FCM's flat data", () => {
    const notification = { id: "0:1", title: "Booked", body: "Tue 10:00", data: { action_url: "/appointments/7" } };
    expect(readPushMessage(notification)).toEqual({ title: "Booked", body: "Tue 10:00", actionUrl: "/appointments/7" });
    expect(readPushMessage({ id: "0:2", data: {} })).toBeNull();
  });
});

describe("pushMessageOf", () => {
  it("reads what the service worker posts, and nothing else", () => {
    const message = { title: "T", body: "B", actionUrl: null };
    expect(pushMessageOf({ type: PUSH_MESSAGE_TYPE, message })).toEqual(message);
    expect(pushMessageOf({ type: "other", message })).toBeNull();
    expect(pushMessageOf({ type: PUSH_MESSAGE_TYPE, message: { title: 1 } })).toBeNull();
    expect(pushMessageOf("x")).toBeNull();
  });
});
