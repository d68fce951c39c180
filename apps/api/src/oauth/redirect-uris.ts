const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

function loopbackWithoutPort(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" || !LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  url.port = "";
  return url.href;
}

/**
 * Whether `requested` is one of the client's registered redirect URIs. Exact string comparison (RFC 9700
 * section 4.1.3), except that a loopback one (http://127.0.0.1, http://[::1], http://localhost) matches on any
 * port: a native or command-line app listens on whatever port it gets (RFC 8252 section 7.3).
 */
export function isRegisteredRedirectUri(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const loopback = loopbackWithoutPort(requested);
  return loopback !== undefined && registered.some((uri) => loopbackWithoutPort(uri) === loopback);
}
