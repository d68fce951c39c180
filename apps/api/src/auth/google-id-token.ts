import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import * as oidc from "openid-client";
import { z } from "zod";
import type { AppConfig } from "@termin/config/env";
import { AppError } from "../http/app-error.ts";
import type { SocialProfile } from "./find-or-create-social-client.ts";

type SocialLoginConfig = NonNullable<AppConfig["socialLogin"]>;

const GOOGLE_ISSUER = "https://accounts.google.com";

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

/** The provider's configuration, or 503 when it cannot be discovered now. */
async function reachableProvider(social: SocialLoginConfig): Promise<oidc.Configuration> {
  try {
    return await providerConfiguration(social);
  } catch (error) {
    throw new AppError("unavailable", `Google sign-in is unavailable right now: ${describe(error)}`);
  }
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
  const configuration = await reachableProvider(social);
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
  return profileOf(claims);
}

/** What the ID token's claims (already verified) say of the person, as a social profile. */
function profileOf(claims: unknown): SocialProfile & { locale: string | undefined } {
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

/** The provider's signing keys, fetched when a token names a key not yet seen (jose caches and rate-limits). */
const signingKeys = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * Verifies an ID token a native app's Google sign-in got for us (Android's Credential Manager names the server's
 * client as its audience, Google's iOS SDK the iOS app's client): the provider's signature, issuer, audience,
 * expiry, and the nonce the app chose for this sign-in. The same profile as the code flow's.
 */
export async function verifyGoogleIdToken(
  social: SocialLoginConfig,
  idToken: string,
  nonce: string,
): Promise<SocialProfile & { locale: string | undefined }> {
  const metadata = (await reachableProvider(social)).serverMetadata();
  const jwksUri = metadata.jwks_uri;
  if (!jwksUri)
    throw new AppError("unavailable", "Google sign-in is unavailable right now: the provider names no keys.");
  let keys = signingKeys.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri));
    signingKeys.set(jwksUri, keys);
  }
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, keys, {
      // Google's tokens name their issuer with or without the scheme.
      issuer: metadata.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, "accounts.google.com"] : metadata.issuer,
      audience: [social.clientId, ...(social.iosClientId ? [social.iosClientId] : [])],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) {
      throw new AppError("social_login_failed", `Google sign-in failed: the ID token ${error.message}`);
    }
    throw error;
  }
  if (claims["nonce"] !== nonce) {
    throw new AppError(
      "social_login_failed",
      "Google sign-in failed: the ID token was not made for this sign-in (nonce).",
    );
  }
  return profileOf(claims);
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
