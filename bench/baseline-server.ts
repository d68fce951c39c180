import Fastify from "fastify";

/**
 * A bare Fastify server answering a constant: what this machine can do at best, so the
 * product's figures can be compared across machines.
 */
export async function startBaseline(port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  app.get("/", async () => ({ ok: true }));
  await app.listen({ port, host: "127.0.0.1" });
  return { url: `http://127.0.0.1:${port}/`, close: () => app.close() };
}
