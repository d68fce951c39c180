import { randomUUID } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type APIRequestContext, type Page, type Route } from "@playwright/test";
import { TEST_PASSWORD } from "./account-fixtures.ts";

/**
 * The native app in Chromium (decision 0052, docs/mobile.md): the bundle `cap sync` copies into the Android and iOS
 * projects (apps/web/build-native/client), served at the origin Capacitor gives it on Android (https://localhost),
 * with Capacitor's own JavaScript bridge (native-bridge.js, what the Android shell injects) talking to a stand-in for
 * the native side. Only the plugins' native halves are played here; @capacitor/core, the plugins' JavaScript and
 * our code run as on a phone. The API is the e2e server the other tests use, at the PUBLIC_URL the bundle was
 * built with (`npm run build:native` with the e2e server's PUBLIC_URL, as `npm run test:e2e` does).
 */

/** Where the Android shell serves the app from (Capacitor's default `androidScheme`, https). */
export const NATIVE_APP_ORIGIN = "https://localhost";

const BUNDLE = fileURLToPath(new URL("../build-native/client/", import.meta.url));
const require = createRequire(import.meta.url);
const NATIVE_BRIDGE = require.resolve("@capacitor/android/capacitor/src/main/assets/native-bridge.js");

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
};

/** A plugin call as the bridge posts it to the native side. */
export interface PluginCall {
  callbackId: string;
  pluginId: string;
  methodName: string;
  options: Record<string, unknown>;
}

/** A native method: its answer (resolved data), or a thrown error the app receives as the call's rejection. */
export type NativeMethod = (options: Record<string, unknown>, call: PluginCall) => unknown;

/**
 * The native half of a plugin: its methods by name. Each is declared to the bridge as Capacitor's Android shell
 * declares it (PluginHeaders); `addListener` is the bridge's own and is always there.
 */
export type NativePlugin = Record<string, NativeMethod>;

export interface NativeAppOptions {
  /** What the device's Preferences already hold (the app's stored choices: language, cookie notice…). */
  preferences?: Record<string, string>;
  /**
   * What the device's secure storage (Keystore / Keychain, @aparajita/capacitor-secure-storage) already holds, by
   * the key the plugin's native half is given (the plugin's prefix and the app's key) and the text it keeps.
   */
  secureStorage?: Record<string, string>;
  /**
   * Other answers of the device's plugins (keyed by the plugin's name, each method replacing the device's own), or
   * more plugins' native halves.
   */
  plugins?: Record<string, NativePlugin>;
}

export interface NativeApp {
  /** Every plugin call the app made, in order. */
  calls: PluginCall[];
  /** The device's Preferences now. */
  preferences: Map<string, string>;
  /** The device's secure storage now (the plugin's prefixed keys). */
  secureStorage: Map<string, string>;
  /** Whether the app listens now to a plugin's event (it adds its listeners as it starts). */
  listensTo(pluginId: string, eventName: string): boolean;
  /** What Android's web view answers to canGoBack(): its history has an entry before the current one. */
  canGoBack(): Promise<boolean>;
  /**
   * Android's back button (or back gesture), as @capacitor/app's native half sends it while the app listens:
   * a `backButton` event with the web view's canGoBack().
   */
  pressBack(): Promise<void>;
  /** Sends a plugin's event (a push received, the app resumed) to the listeners the app added for it. */
  emit(pluginId: string, eventName: string, data: unknown): Promise<void>;
  /**
   * Opens an address of the app, as the shell does when it starts (`/`, the first entry of the web view's history)
   * or a link opens it later.
   */
  open(path: string): Promise<void>;
}

/** Preferences (@capacitor/preferences) as the device keeps them: a key-value store that outlives the page. */
function preferencesPlugin(store: Map<string, string>): NativePlugin {
  const key = (options: Record<string, unknown>) => String(options["key"]);
  return {
    get: (options) => ({ value: store.get(key(options)) ?? null }),
    set: (options) => void store.set(key(options), String(options["value"])),
    remove: (options) => void store.delete(key(options)),
    keys: () => ({ keys: [...store.keys()] }),
    clear: () => store.clear(),
  };
}

/**
 * The native half of @aparajita/capacitor-secure-storage (SecureStoragePlugin.java / .swift): items by the
 * prefixed key its JavaScript half passes, kept as the text it is given.
 */
function secureStoragePlugin(store: Map<string, string>): NativePlugin {
  const key = (options: Record<string, unknown>) => String(options["prefixedKey"]);
  return {
    internalGetItem: (options) => ({ data: store.get(key(options)) ?? null }),
    internalSetItem: (options) => void store.set(key(options), String(options["data"])),
    internalRemoveItem: (options) => ({ success: store.delete(key(options)) }),
    internalGetPrefixedKeys: (options) => ({
      keys: [...store.keys()].filter((stored) => stored.startsWith(String(options["prefix"]))),
    }),
    internalClearItemsWithPrefix: (options) => {
      for (const stored of [...store.keys()]) if (stored.startsWith(String(options["prefix"]))) store.delete(stored);
    },
    setSynchronizeKeychain: () => undefined,
  };
}

/**
 * The native halves of the plugins the app is built with (apps/mobile/package.json), as an up-to-date phone with
 * no push permission yet answers them: the store has no newer version, the status bar and the app's lifecycle do
 * what they are asked. A test replaces the answers it is about.
 */
function devicePlugins(): Record<string, NativePlugin> {
  return {
    App: {
      getInfo: () => ({ name: "Termin", id: "app.termin", version: "1.0.0", build: "42" }),
      getState: () => ({ isActive: true }),
      // Opened from the launcher, not by a link: the Android plugin answers an empty object.
      getLaunchUrl: () => ({}),
      minimizeApp: () => undefined,
      exitApp: () => undefined,
    },
    AppUpdate: {
      // @capawesome/capacitor-app-update's AppUpdateAvailability.UPDATE_NOT_AVAILABLE.
      getAppUpdateInfo: () => ({ currentVersionName: "1.0.0", currentVersionCode: "42", updateAvailability: 1 }),
      openAppStore: () => undefined,
    },
    // The system browser (Custom Tabs): opened on the address, nothing more. A test plays what the person does there.
    Browser: { open: () => undefined, close: () => undefined },
    StatusBar: { setStyle: () => undefined, setBackgroundColor: () => undefined, getInfo: () => ({ visible: true }) },
    PushNotifications: {
      checkPermissions: () => ({ receive: "prompt" }),
      requestPermissions: () => ({ receive: "granted" }),
      register: () => undefined,
      unregister: () => undefined,
    },
  };
}

/** The calls the app made to one plugin method, in order. */
export const callsOf = (app: NativeApp, pluginId: string, methodName: string): PluginCall[] =>
  app.calls.filter((call) => call.pluginId === pluginId && call.methodName === methodName);

/** Waits until the app listens to a plugin's event (its listeners are added as it starts), then sends it. */
export async function emitWhenListening(app: NativeApp, pluginId: string, eventName: string, data: unknown) {
  await expect.poll(() => app.listensTo(pluginId, eventName)).toBe(true);
  await app.emit(pluginId, eventName, data);
}

/** The bundle's file for a path, or its index.html for an app address (Capacitor's server does the same). */
async function serveBundle(route: Route): Promise<void> {
  const { pathname } = new URL(route.request().url());
  const file = normalize(join(BUNDLE, decodeURIComponent(pathname)));
  const type = CONTENT_TYPES[extname(file)];
  if (file.startsWith(BUNDLE) && type) {
    const body = await readFile(file).catch(() => null);
    await route.fulfill(body ? { body, contentType: type } : { status: 404 });
    return;
  }
  await route.fulfill({ body: await readFile(join(BUNDLE, "index.html")), contentType: CONTENT_TYPES[".html"] });
}

/**
 * The bundle must talk to the API the tests started: its configuration is baked in at build time (PUBLIC_URL).
 * A bundle built for another address fails here, by name, rather than as pages without data.
 */
async function expectBundleFor(apiOrigin: string): Promise<void> {
  const assets = await readdir(join(BUNDLE, "assets")).catch(() => null);
  if (!assets) throw new Error(`No native bundle in ${BUNDLE}: run \`npm run build:native\` first`);
  const startUp = assets.find((file) => /^start-up-.*\.js$/.test(file));
  const code = startUp ? await readFile(join(BUNDLE, "assets", startUp), "utf8") : "";
  if (!code.includes(apiOrigin)) {
    throw new Error(`The native bundle was not built for ${apiOrigin}: build it with PUBLIC_URL=${apiOrigin}`);
  }
}

/**
 * Opens the native app in `page`: the bundle at NATIVE_APP_ORIGIN, Capacitor's Android bridge, and a device whose
 * plugins answer as `options` say. Call before the first navigation.
 */
export async function nativeApp(page: Page, apiOrigin: string, options: NativeAppOptions = {}): Promise<NativeApp> {
  await expectBundleFor(apiOrigin);
  const preferences = new Map(Object.entries(options.preferences ?? {}));
  const secureStorage = new Map(Object.entries(options.secureStorage ?? {}));
  const plugins: Record<string, NativePlugin> = {
    ...devicePlugins(),
    Preferences: preferencesPlugin(preferences),
    SecureStorage: secureStoragePlugin(secureStorage),
  };
  for (const [name, methods] of Object.entries(options.plugins ?? {})) plugins[name] = { ...plugins[name], ...methods };
  const calls: PluginCall[] = [];
  const listeners: PluginCall[] = [];

  await page.route(`${NATIVE_APP_ORIGIN}/**`, serveBundle);
  // The test API is on this machine's loopback, which Chromium guards from other origins (Local Network Access);
  // on a phone the API is the product's public address.
  await page.context().grantPermissions(["local-network-access"], { origin: NATIVE_APP_ORIGIN });
  // The native side: answers each call the bridge posts (androidBridge.postMessage), as the shell would.
  await page.exposeFunction("terminNativeSide", async (message: string) => {
    const call = JSON.parse(message) as PluginCall;
    calls.push(call);
    // Listeners are kept calls (no answer until an event); removing one is answered by nothing either.
    if (call.methodName === "addListener") {
      listeners.push(call);
      return null;
    }
    if (call.methodName === "removeListener") {
      const index = listeners.findIndex((listener) => listener.callbackId === call.options["callbackId"]);
      if (index >= 0) listeners.splice(index, 1);
      return null;
    }
    if (call.methodName === "removeAllListeners") {
      for (let i = listeners.length - 1; i >= 0; i--)
        if (listeners[i]?.pluginId === call.pluginId) listeners.splice(i, 1);
      return { success: true, data: {} };
    }
    const method = plugins[call.pluginId]?.[call.methodName];
    if (!method) {
      return { success: false, error: { message: `${call.pluginId}.${call.methodName} is not on this test device` } };
    }
    try {
      return { success: true, data: (await method(call.options, call)) ?? {} };
    } catch (error) {
      // As a plugin's call.reject(message, code): the app reads both (a cancelled sign-in's USER_CANCELLED).
      const code = typeof error === "object" && error !== null && "code" in error ? { code: String(error.code) } : {};
      return { success: false, error: { message: error instanceof Error ? error.message : String(error), ...code } };
    }
  });
  const headers = Object.entries(plugins).map(([name, methods]) => ({
    name,
    // As the Android shell declares them (JSExport.createPluginMethodHeader): the listener methods return nothing.
    methods: [
      ...Object.keys(methods).map((method) => ({ name: method, rtype: "promise" })),
      { name: "addListener" },
      { name: "removeListener" },
      { name: "removeAllListeners", rtype: "promise" },
    ],
  }));
  // Before the page's own scripts, in the shell's order: the bridge object, Capacitor's bridge script, the plugins.
  await page.addInitScript((origin) => {
    // The shell's first lines (JSExport.getGlobalJS, Bridge's local URL), then the bridge object it adds.
    Object.assign(window, {
      Capacitor: { DEBUG: false, isLoggingEnabled: false, Plugins: {} },
      WEBVIEW_SERVER_URL: origin,
    });
    type Answer = { success: boolean; data?: unknown; error?: unknown } | null;
    const side = (window as unknown as { terminNativeSide: (message: string) => Promise<Answer> }).terminNativeSide;
    (window as unknown as { androidBridge: { postMessage(message: string): void } }).androidBridge = {
      postMessage(message) {
        const call = JSON.parse(message) as { callbackId: string; pluginId: string; methodName: string };
        void side(message).then((answer) => {
          if (!answer) return;
          const capacitor = (window as unknown as { Capacitor: { fromNative(result: object): void } }).Capacitor;
          capacitor.fromNative({ ...call, ...answer });
        });
      },
    };
  }, NATIVE_APP_ORIGIN);
  await page.addInitScript({ path: NATIVE_BRIDGE });
  await page.addInitScript((pluginHeaders) => {
    (window as unknown as { Capacitor: { PluginHeaders: unknown } }).Capacitor.PluginHeaders = pluginHeaders;
  }, headers);

  const canGoBack = async () => {
    const devtools = await page.context().newCDPSession(page);
    try {
      const { currentIndex } = await devtools.send("Page.getNavigationHistory");
      return currentIndex > 0;
    } finally {
      await devtools.detach();
    }
  };
  const listensTo = (pluginId: string, eventName: string) =>
    listeners.some((listener) => listener.pluginId === pluginId && listener.options["eventName"] === eventName);

  let opened = false;
  const app: NativeApp = {
    calls,
    preferences,
    secureStorage,
    listensTo,
    canGoBack,
    async pressBack() {
      await app.emit("App", "backButton", { canGoBack: await canGoBack() });
    },
    async emit(pluginId, eventName, data) {
      const targets = listeners.filter(
        (listener) => listener.pluginId === pluginId && listener.options["eventName"] === eventName,
      );
      if (targets.length === 0) throw new Error(`The app listens to no ${pluginId} "${eventName}" event`);
      for (const { callbackId, methodName } of targets) {
        await page.evaluate(
          (result) =>
            (window as unknown as { Capacitor: { fromNative(result: object): void } }).Capacitor.fromNative(result),
          { callbackId, pluginId, methodName, success: true, data },
        );
      }
    },
    async open(path) {
      const address = `${NATIVE_APP_ORIGIN}${path}`;
      if (opened) {
        await page.goto(address);
        return;
      }
      // The shell's web view starts at the app's address with nothing before it (canGoBack() is false there): the
      // page's first entry, not one after the browser's blank page.
      opened = true;
      await Promise.all([
        page.waitForURL((url) => url.origin === NATIVE_APP_ORIGIN),
        page.evaluate((url) => window.location.replace(url), address),
      ]);
    },
  };
  return app;
}

/**
 * A new client, signed up through the API, and the sign-in the app keeps for them: start the app with
 * `secureStorage` and it is theirs, as after the code flow (native-sign-in.e2e.ts drives that flow itself).
 */
export async function signedUpAppClient(request: APIRequestContext) {
  const email = `e2e-native-${randomUUID()}@example.test`;
  const response = await request.post("/auth/sign-up", {
    data: { email, password: TEST_PASSWORD, first_name: "Mila", last_name: "Petrova", language: "en" },
  });
  expect(response.status(), await response.text()).toBe(201);
  const tokens = (await response.json()) as {
    token_type: string;
    access_token: string;
    refresh_token: string;
    expires_in: number;
  };
  return {
    authorization: `${tokens.token_type} ${tokens.access_token}`,
    // What the app keeps in secure storage under its key, as @aparajita/capacitor-secure-storage stores it (its
    // prefix, the value as JSON).
    secureStorage: {
      "capacitor-storage_session": JSON.stringify({
        tokenType: tokens.token_type,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        expiresAt: Date.now() + tokens.expires_in * 1000,
      }),
    },
  };
}
