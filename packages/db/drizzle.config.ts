import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./src/schema.ts",
    "./src/catalogue-schema.ts",
    "./src/search-schema.ts",
    "./src/account-schema.ts",
    "./src/oauth-schema.ts",
    "./src/booking-schema.ts",
    "./src/class-schedule-schema.ts",
    "./src/waitlist-schema.ts",
    "./src/membership-schema.ts",
    "./src/payment-schema.ts",
    "./src/site-schema.ts",
    "./src/push-schema.ts",
  ],
  out: "./migrations",
});
