import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: "es2022",
    // Translation catalogs stay separate files, fetched per language, never inlined into JS.
    assetsInlineLimit: (file) => (file.endsWith(".json") ? false : undefined),
  },
});
