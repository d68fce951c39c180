import type { Config } from "@react-router/dev/config";
import { buildTarget } from "./build-target/build-target.ts";

// The web app is rendered on the server; the native app is the same routes built client-only (decision 0052).
const target = buildTarget();

export default {
  appDirectory: "app",
  buildDirectory: target === "native" ? "build-native" : "build",
  ssr: target === "web",
} satisfies Config;
