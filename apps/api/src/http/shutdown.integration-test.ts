import { connect } from "node:net";
import { expect, it } from "vitest";
import { startTestApi } from "../testing/start-test-api.ts";

// A client that never finishes its request (or stops reading its answer) holds its connection busy: the server's
// close must not wait for it beyond the drain's grace.

it("closes within the drain's grace while a client holds a request half sent", async () => {
  const api = await startTestApi();
  const { port } = new URL(api.baseUrl);
  const socket = connect(Number(port), "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  socket.write("GET /v1c/appointment-statuses HTTP/1.1\r\nHost: localhost\r\n");
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const started = performance.now();
  await api.close();
  await ended;
  const tookMs = performance.now() - started;
  expect(tookMs).toBeLessThan(15_000);
}, 30_000);
