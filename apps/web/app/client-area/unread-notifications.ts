import type { NotificationCollectionDocument } from "@termin/contracts/client-area-resources";
import type { ApiClient } from "../api/client.ts";
import { orNothing } from "./or-nothing.ts";

/**
 * How many notifications the signed-in client has not read (the menu badge): one small request, the count
 * from its meta. 0 for a visitor (no API acting for a client), and 0 if the API fails: a badge never breaks a page.
 */
export async function unreadNotificationCount(api: ApiClient | null): Promise<number> {
  if (!api) return 0;
  return orNothing(
    "the unread notification count",
    async () =>
      (
        await api.get<NotificationCollectionDocument>("notifications", {
          "filter[unread]": "true",
          "page[size]": "1",
          "fields[notifications]": "read",
        })
      ).meta.unread_count,
    0,
  );
}
