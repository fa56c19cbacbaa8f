CREATE TABLE "alert_deliveries" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expiring_lots" integer NOT NULL,
	"low_products" integer NOT NULL,
	CONSTRAINT "alert_deliveries_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "alert_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"finished_at" timestamp with time zone,
	"sent" integer
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"expiry_window_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_settings_window_valid" CHECK ("alert_settings"."expiry_window_days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
CREATE TABLE "alert_thresholds" (
	"account_id" uuid NOT NULL,
	"product_code" text NOT NULL,
	"threshold" integer NOT NULL,
	CONSTRAINT "alert_thresholds_account_id_product_code_pk" PRIMARY KEY("account_id","product_code"),
	CONSTRAINT "alert_thresholds_positive" CHECK ("alert_thresholds"."threshold" > 0)
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_thresholds" ADD CONSTRAINT "alert_thresholds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_thresholds" ADD CONSTRAINT "alert_thresholds_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;