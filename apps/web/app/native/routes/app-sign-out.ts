import { redirect, type ClientActionFunctionArgs, type ClientLoaderFunctionArgs } from "react-router";
import { EMPTY_BASKET } from "../../booking/basket.ts";
import { clientPageEnv, clientRuntime } from "../../page-data/client-env.ts";

/**
 * Logout in the app (after the menu's confirmation, the web's `sign-out` form): the API forgets this device's push
 * token while the sign-in still stands, then revokes the sign-in, and the app forgets its token and its basket (as
 * the web clears its basket cookie), so the next person on the device finds neither the account, its pushes nor
 * its basket; the basket's holds stay the client's until they lapse, and their next sign-in rebuilds it from them.
 * A failure must not keep anyone signed in. Only the native build routes here (no generated route types).
 */
export async function clientAction(args: ClientActionFunctionArgs) {
  const env = await clientPageEnv(args);
  const pushToken = (await args.request.formData()).get("pushToken");
  if (typeof pushToken === "string" && pushToken !== "" && env.viewerApi) {
    await env.viewerApi
      .delete("/auth/user-token", { token: pushToken })
      .catch((error: unknown) => console.error("Sign-out: dropping the push registration failed", error));
  }
  await clientRuntime().endSession();
  await env.basket.keep(EMPTY_BASKET);
  return redirect(`/${env.language}/home`);
}

/** Opening the address never signs anyone out. */
export async function clientLoader(args: ClientLoaderFunctionArgs) {
  throw redirect(`/${(await clientPageEnv(args)).language}/home`);
}
