CREATE TABLE "location_marketplace_services" (
	"marketplace_service_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"price_minor_from" integer NOT NULL,
	"currency_code" text NOT NULL,
	CONSTRAINT "location_marketplace_services_marketplace_service_id_location_id_pk" PRIMARY KEY("marketplace_service_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "location_search_documents" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "locations_city_id_index";--> statement-breakpoint
ALTER TABLE "location_marketplace_services" ADD CONSTRAINT "location_marketplace_services_marketplace_service_id_marketplace_services_id_fk" FOREIGN KEY ("marketplace_service_id") REFERENCES "public"."marketplace_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_marketplace_services" ADD CONSTRAINT "location_marketplace_services_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_marketplace_services" ADD CONSTRAINT "location_marketplace_services_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_search_documents" ADD CONSTRAINT "location_search_documents_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_marketplace_services_location_id_price_minor_from_index" ON "location_marketplace_services" USING btree ("location_id","price_minor_from");--> statement-breakpoint
CREATE INDEX "location_search_documents_document_trgm" ON "location_search_documents" USING gin ("document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "location_search_documents_name_trgm" ON "location_search_documents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_city_id_rating_index" ON "locations" USING btree ("city_id","rating_average" DESC NULLS LAST,"id");