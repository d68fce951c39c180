/** E-mail addresses are stored and compared trimmed and lower-cased (clients.email). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
