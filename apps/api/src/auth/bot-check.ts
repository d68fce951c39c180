import { z } from "zod";
import type { AppConfig } from "@termin/config/env";
import { AppError } from "../http/app-error.ts";

export interface VerifyBotCheckOptions {
  config: Pick<AppConfig, "botCheck">;
  /** The widget's token, sent by the client as bot_check_token. */
  token: string | undefined;
  /** The caller's IP address, which the provider weighs in. */
  remoteIp: string | undefined;
  log: { error(obj: object, msg: string): void };
}

/** Cloudflare documents tokens of at most 2048 characters; longer ones are not worth a round trip. */
const MAX_TOKEN_LENGTH = 2048;
const VERIFY_TIMEOUT_MS = 5_000;

const siteverifyAnswer = z.object({ success: z.boolean() });

function botCheckFailed(): AppError {
  return new AppError("bot_check_failed", "Please confirm you are not a robot and try again.", {
    pointer: "/bot_check_token",
  });
}

/**
 * Resolves when the bot check is off or the provider confirms the token; throws bot_check_failed when it
 * does not. When the provider cannot answer, the request fails (503) rather than letting bots through.
 */
export async function verifyBotCheck(options: VerifyBotCheckOptions): Promise<void> {
  const { config, token, remoteIp, log } = options;
  if (!config.botCheck) return;
  if (!token || token.length > MAX_TOKEN_LENGTH) throw botCheckFailed();

  const form = new URLSearchParams({ secret: config.botCheck.secretKey, response: token });
  if (remoteIp) form.set("remoteip", remoteIp);
  let success: boolean;
  try {
    const response = await fetch(config.botCheck.verifyUrl, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (response.status !== 200) throw new Error(`The verify endpoint answered ${response.status}`);
    ({ success } = siteverifyAnswer.parse(await response.json()));
  } catch (error) {
    log.error({ err: error }, "Bot check: the provider's verify endpoint did not answer");
    throw new AppError("unavailable", "The bot check is not available at the moment. Please try again later.");
  }
  if (!success) throw botCheckFailed();
}
