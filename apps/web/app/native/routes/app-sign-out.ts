import { redirect, type ClientActionFunctionArgs, type ClientLoaderFunctionArgs } from "react-router";
import { clientPageEnv, clientRuntime } from "../../page-data/client-env.ts";

/**
 * Logout in the app (after the menu's confirmation, the web's `sign-out` form): the API forgets this device's push
 * token while the sign-in still stands, then revokes the sign-in, and the app forgets its token, so the next person
 * on the device finds neither the account nor its pushes. A failure must not keep anyone signed in. Only the native
 * build routes here (no generated route types).
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
  return redirect(`/${env.language}/home`);
}

/** Opening the address never signs anyone out. */
export async function clientLoader(args: ClientLoaderFunctionArgs) {
  throw redirect(`/${(await clientPageEnv(args)).language}/home`);
}
