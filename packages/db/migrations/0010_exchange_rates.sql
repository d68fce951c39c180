CREATE TABLE "exchange_rates" (
	"currency_code" text PRIMARY KEY NOT NULL,
	"per_euro" numeric(14, 6) NOT NULL,
	"rate_date" date NOT NULL,
	"source" text NOT NULL
);
