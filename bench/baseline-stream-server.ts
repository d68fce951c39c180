import { Readable } from "node:stream";
import Fastify from "fastify";

// A bare Fastify holding event streams open (a retry line, then nothing): what an open stream costs at least on
// this machine, beside the product's. Run as its own process so its memory is its own: PORT from the environment.
const app = Fastify();
app.get("/", async () => ({ ok: true }));
app.get("/stream", async (_request, reply) => {
  const body = new Readable({ read: () => undefined });
  body.push("retry: 1000\n\n");
  return reply.type("text/event-stream").send(body);
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
