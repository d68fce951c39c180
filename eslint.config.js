import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/build/**",
      "**/build-native/**",
      "**/.react-router/**",
      "test-results/**",
      "playwright-report/**",
      // openapi-typescript writes it from the served document (partner-client.integration-test.ts).
      "apps/api/partner-client/generated/**",
      // The native projects `cap add` made, with the bundle `cap sync` copies into them (docs/mobile.md).
      "apps/mobile/android/**",
      "apps/mobile/ios/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    files: ["apps/web/app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Import direction: packages never reach into apps; the browser app never imports server code of other packages.
    files: ["packages/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@termin/api/*", "@termin/web/*"], message: "Packages must not import apps." }] },
      ],
    },
  },
  {
    files: ["apps/web/app/**/*.{ts,tsx}"],
    ignores: ["apps/web/app/**/*.server.ts", "apps/web/app/**/*.{test,integration-test}.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@termin/db/*", "@termin/api/*"],
              message: "The web app reaches data through the API client, not the database.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "**/*.{test,integration-test,e2e}.{ts,tsx}",
      "bench/**",
      "test/**",
      "**/cli/**",
      "apps/*/server/**",
      "apps/api/src/main.ts",
    ],
    rules: { "no-console": "off" },
  },
);
