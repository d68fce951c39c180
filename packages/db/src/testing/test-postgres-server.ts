import pg from "pg";

/** The server integration tests use; trust auth on the machines here. Override with TEST_POSTGRES_URL. */
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The URL of database `name` on the test server. */
export function testServerUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on an admin connection to the test server (creating and dropping databases). */
export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
  } catch (error) {
    // Never a silent skip: the PostgreSQL project exists to prove the server path works.
    throw new Error(
      `Integration tests on PostgreSQL need a server at ${ADMIN_URL} (set TEST_POSTGRES_URL): ${String(error)}`,
      { cause: error },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
