import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { isPhoneCountry, normalisePhoneNumber } from "@termin/domain/phone-numbers";
import type { ApiDependencies } from "../api-dependencies.ts";
import { createMailer } from "../mail/mailer.ts";
import { requireClient } from "./authenticate.ts";
import { verifyBotCheck } from "./bot-check.ts";
import { changePassword } from "./change-password.ts";
import { confirmEmail } from "./confirm-email.ts";
import { findOneTimeToken } from "./one-time-tokens.ts";
import { mailAccountLink } from "./mail-account-link.ts";
import { parseBody } from "./parse-body.ts";
import { passwordProblem } from "./password-rules.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { resendVerificationEmail } from "./resend-verification-email.ts";
import { resetPassword } from "./reset-password.ts";
import { signUpClient } from "./sign-up-client.ts";

const required = (name: string) => z.string({ error: `${name} is required.` }).min(1, `${name} is required.`);
const email = z
  .string({ error: "email is required." })
  .trim()
  .toLowerCase()
  .pipe(z.email("This is not a valid e-mail address.").max(254, "This e-mail address is too long."));
const name = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(100, `${field} must have at most 100 characters.`);
/** Form posts send empty fields as "": the same as leaving them out. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
const language = z.enum(SUPPORTED_LANGUAGES, { error: `language must be one of ${SUPPORTED_LANGUAGES.join(", ")}.` });

const signUpBody = z
  .object({
    email,
    password: required("password"),
    first_name: name("first_name"),
    last_name: name("last_name"),
    language,
    phone: optionalText,
    phone_country: optionalText,
    bot_check_token: optionalText,
  })
  .superRefine((body, context) => {
    const problem = passwordProblem(body.password, body.email);
    if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
    if (!body.phone) return;
    if (!body.phone_country || !isPhoneCountry(body.phone_country)) {
      context.addIssue({ code: "custom", path: ["phone_country"], message: "Choose the phone number's country." });
    } else if (!normalisePhoneNumber(body.phone, body.phone_country)) {
      context.addIssue({
        code: "custom",
        path: ["phone"],
        message: "This is not a valid phone number for the country chosen.",
      });
    }
  });

const tokenBody = z.object({ token: required("token") });
/** Older clients also send the page's `language`: dropped, as the mail is in the account's language. */
const passwordResetBody = z.object({ email, bot_check_token: optionalText });
const passwordResetConfirmBody = z.object({ token: required("token"), password: required("password") });
const changePasswordBody = z.object({ current_password: optionalText, new_password: required("new_password") });

/** Sign-up, e-mail verification and passwords. */
export const accountRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, config }) => {
  const db = database.db;
  const mailer = createMailer(config, app.log);

  app.post("/sign-up", async (request, reply) => {
    const body = parseBody(signUpBody, request.body);
    await verifyBotCheck({ config, token: body.bot_check_token, remoteIp: request.ip, log: request.log });
    const { tokens, clientId } = await signUpClient({
      db,
      signUp: {
        email: body.email,
        password: body.password,
        firstName: body.first_name,
        lastName: body.last_name,
        language: body.language,
        phone: body.phone && body.phone_country ? { number: body.phone, country: body.phone_country } : undefined,
      },
    });
    // The account exists whatever happens to the mail; the client can ask for another one.
    void mailAccountLink({
      db,
      mailer,
      config,
      client: { clientId, email: body.email, firstName: body.first_name, language: body.language },
      purpose: "verify_email",
    }).catch((error: unknown) => request.log.error({ err: error }, "Sign-up: the verification mail was not sent"));
    return reply.status(201).header("cache-control", "no-store").send(tokens);
  });

  app.post("/email-verification", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    await resendVerificationEmail({ db, mailer, config, clientId });
    return reply.status(202).send({});
  });

  app.post("/email-verification/confirm", async (request) => {
    const { token } = parseBody(tokenBody, request.body);
    await confirmEmail({ db, token });
    return {};
  });

  app.post("/password-reset", async (request, reply) => {
    const body = parseBody(passwordResetBody, request.body);
    await verifyBotCheck({ config, token: body.bot_check_token, remoteIp: request.ip, log: request.log });
    await requestPasswordReset({
      db,
      mailer,
      config,
      email: body.email,
      ip: request.ip,
      log: request.log,
    });
    return reply.status(202).send({});
  });

  // Lets the page opened from the mail say at once that its link is spent, rather than after a password is typed.
  app.post("/password-reset/check", async (request) => {
    const { token } = parseBody(tokenBody, request.body);
    await findOneTimeToken({ db, token, purpose: "reset_password" });
    return {};
  });

  app.post("/password-reset/confirm", async (request) => {
    const { token, password } = parseBody(passwordResetConfirmBody, request.body);
    await resetPassword({ db, token, password });
    return {};
  });

  app.post("/password", async (request) => {
    const signedIn = await requireClient(request, db, "account");
    const body = parseBody(changePasswordBody, request.body);
    await changePassword({ db, signedIn, currentPassword: body.current_password, newPassword: body.new_password });
    return {};
  });
};
