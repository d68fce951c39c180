import { SocialLogin } from "@capgo/capacitor-social-login";
import { generateRandomNonce } from "oauth4webapi";
import type { PublicConfig } from "../lib/public-config.ts";

/** What the platform's Google sign-in gave the app: an ID token for our server, carrying this sign-in's nonce. */
export interface GoogleIdToken {
  idToken: string;
  nonce: string;
}

/**
 * Google's own sign-in on the phone (Android's Credential Manager, Google's iOS SDK; @capgo/capacitor-social-login),
 * for the API to verify (`POST /auth/social` with `id_token`). Never automatic: no account is picked for the person
 * (the spec's "automatic login off"). Null when they closed it without choosing an account.
 */
export async function googleIdToken(ids: NonNullable<PublicConfig["googleClientIds"]>): Promise<GoogleIdToken | null> {
  await SocialLogin.initialize({
    google: {
      // Android asks for an ID token whose audience is the server's client; iOS's SDK names the iOS client.
      webClientId: ids.server,
      ...(ids.ios ? { iOSClientId: ids.ios, iOSServerClientId: ids.server } : {}),
      mode: "online",
    },
  });
  const nonce = generateRandomNonce();
  try {
    const { result } = await SocialLogin.login({
      provider: "google",
      options: { nonce, scopes: ["email", "profile"], autoSelectEnabled: false, filterByAuthorizedAccounts: false },
    });
    if (result.responseType !== "online" || !result.idToken) throw new Error("Google's sign-in gave no ID token");
    return { idToken: result.idToken, nonce };
  } catch (error) {
    if (typeof error === "object" && error !== null && "code" in error && error.code === "USER_CANCELLED") return null;
    throw error;
  }
}
