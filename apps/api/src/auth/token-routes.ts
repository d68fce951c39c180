import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { ApiDependencies } from "../api-dependencies.ts";
import { AppError } from "../http/app-error.ts";
import { parseBody } from "./parse-body.ts";
import { revokeToken } from "./revoke-token.ts";
import { rotateRefreshToken } from "./rotate-refresh-token.ts";
import { signInWithPassword } from "./sign-in-with-password.ts";

const required = (name: string) => z.string({ error: `${name} is required.` }).min(1, `${name} is required.`);

const grantType = z.object({ grant_type: required("grant_type") });
const passwordGrant = z.object({ username: required("username"), password: required("password") });
const refreshGrant = z.object({ refresh_token: required("refresh_token") });
const revocation = z.object({ token: required("token"), token_type_hint: z.string().optional() });

/** The OAuth 2 endpoints: sign-in and renewal (RFC 6749) and sign-out (RFC 7009). */
export const tokenRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, config }) => {
  const db = database.db;

  app.post("/token", async (request, reply) => {
    // Tokens must never sit in a cache (RFC 6749 section 5.1).
    reply.header("cache-control", "no-store").header("pragma", "no-cache");
    const { grant_type } = parseBody(grantType, request.body, "invalid_request");
    if (grant_type === "password") {
      const { username, password } = parseBody(passwordGrant, request.body, "invalid_request");
      return signInWithPassword({
        db,
        email: username,
        password,
        ip: request.ip,
        attemptsPerIpPerMinute: config.signInAttemptsPerIpPerMinute,
      });
    }
    if (grant_type === "refresh_token") {
      const { refresh_token } = parseBody(refreshGrant, request.body, "invalid_request");
      return rotateRefreshToken({ db, refreshToken: refresh_token });
    }
    throw new AppError(
      "unsupported_grant_type",
      `grant_type must be "password" or "refresh_token", not "${grant_type}".`,
      { pointer: "/grant_type" },
    );
  });

  app.post("/revoke", async (request) => {
    const { token } = parseBody(revocation, request.body, "invalid_request");
    await revokeToken({ db, token });
    return {};
  });
};
