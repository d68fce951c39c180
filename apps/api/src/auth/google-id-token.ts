import * as oidc from "openid-client";
import { z } from "zod";
import type { AppConfig } from "@termin/config/env";
import { AppError } from "../http/app-error.ts";
import type { SocialProfile } from "./find-or-create-social-client.ts";

type SocialLoginConfig = NonNullable<AppConfig["socialLogin"]>;

/**
 * Discovery of the issuer, once per process (and again after a failure). openid-client refuses plain http;
 * the configuration allows it only for a local test provider (packages/config).
 */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function providerConfiguration(social: SocialLoginConfig): Promise<oidc.Configuration> {
  const key = `${social.issuerUrl} ${social.clientId}`;
  let configuration = discovered.get(key);
  if (!configuration) {
    configuration = oidc.discovery(
      new URL(social.issuerUrl),
      social.clientId,
      social.clientSecret,
      undefined,
      social.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    discovered.set(key, configuration);
    configuration.catch(() => discovered.delete(key));
  }
  return configuration;
}

const idTokenClaims = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  // Google sends a boolean; some providers send the string "true".
  email_verified: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  locale: z.string().optional(),
});

export interface AuthorizationResult {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  nonce: string;
  /** The authorization response's `iss` (RFC 9207), when the provider sent one. */
  iss?: string | undefined;
}

/**
 * Exchanges an authorization code (with its PKCE verifier) at the provider's token endpoint and returns what
 * the ID token says, after openid-client checked its signature, issuer, audience, expiry and nonce.
 */
export async function exchangeGoogleCode(
  social: SocialLoginConfig,
  result: AuthorizationResult,
): Promise<SocialProfile & { locale: string | undefined }> {
  let configuration: oidc.Configuration;
  try {
    configuration = await providerConfiguration(social);
  } catch (error) {
    throw new AppError("unavailable", `Google sign-in is unavailable right now: ${describe(error)}`);
  }
  const callback = new URL(result.redirectUri);
  callback.searchParams.set("code", result.code);
  if (result.iss) callback.searchParams.set("iss", result.iss);
  let claims: unknown;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: result.codeVerifier,
      expectedNonce: result.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    if (isProviderError(error)) throw new AppError("social_login_failed", `Google sign-in failed: ${describe(error)}`);
    throw error;
  }
  const parsed = idTokenClaims.safeParse(claims);
  if (!parsed.success) {
    throw new AppError("social_login_failed", "Google sign-in failed: the ID token has no usable e-mail address.");
  }
  const { sub, email, email_verified, given_name, family_name, name, locale } = parsed.data;
  return {
    provider: "google",
    subject: sub,
    email,
    emailVerified: email_verified === true,
    firstName: given_name ?? name ?? email.slice(0, email.indexOf("@")),
    lastName: family_name ?? "",
    locale,
  };
}

/** Errors the provider's answers caused (an OAuth error, an ID token that fails a check), not our own bugs. */
function isProviderError(error: unknown): error is Error {
  return (
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.AuthorizationResponseError ||
    error instanceof oidc.ClientError
  );
}

/** A one-line reason: the OAuth error and its description, or the check that failed and why. */
function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) {
    return error.error_description ? `${error.error} (${error.error_description})` : error.error;
  }
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
