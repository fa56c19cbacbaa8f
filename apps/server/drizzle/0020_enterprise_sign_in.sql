CREATE TABLE "organisation_security" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"mfa_policy" text DEFAULT 'optional' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "organisation_mfa_policy_valid" CHECK ("organisation_security"."mfa_policy" IN ('optional', 'required', 'phishing-resistant'))
);
--> statement-breakpoint
CREATE TABLE "passkey_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"session_id" uuid,
	"challenge" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "passkey_challenges_purpose_valid" CHECK ("passkey_challenges"."purpose" IN ('register', 'second-factor', 'passwordless')),
	CONSTRAINT "passkey_challenges_session_bound" CHECK (("passkey_challenges"."purpose" = 'passwordless') = ("passkey_challenges"."session_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "passkeys_name_valid" CHECK ("passkeys"."name" = btrim("passkeys"."name") AND length("passkeys"."name") BETWEEN 1 AND 100),
	CONSTRAINT "passkeys_counter_nonnegative" CHECK ("passkeys"."counter" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sso_connections" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_enc" text NOT NULL,
	"default_role" text DEFAULT 'User' NOT NULL,
	"enforced" boolean DEFAULT false NOT NULL,
	"break_glass_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_default_role_valid" CHECK ("sso_connections"."default_role" IN ('Admin', 'Auditor', 'User')),
	CONSTRAINT "sso_issuer_https" CHECK ("sso_connections"."issuer" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	CONSTRAINT "sso_domains_lower" CHECK ("sso_domains"."domain" = lower(btrim("sso_domains"."domain")) AND length("sso_domains"."domain") BETWEEN 3 AND 253)
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier_enc" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"account_id" uuid,
	"exchange_hash" text,
	"exchange_expires_at" timestamp with time zone,
	"provider_mfa" boolean DEFAULT false NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sso_logins_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "sso_logins_exchange_hash_unique" UNIQUE("exchange_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_kind_valid";--> statement-breakpoint
ALTER TABLE "organisation_security" ADD CONSTRAINT "organisation_security_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_security" ADD CONSTRAINT "organisation_security_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_break_glass_account_id_accounts_id_fk" FOREIGN KEY ("break_glass_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_tenant_id_sso_connections_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sso_connections"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_tenant_id_accounts_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_challenges_session_idx" ON "passkey_challenges" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "passkey_challenges_expiry_idx" ON "passkey_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "passkeys_account_idx" ON "passkeys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sso_domains_tenant_idx" ON "sso_domains" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "sso_logins_expiry_idx" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_valid" CHECK ("sessions"."kind" IN ('full', 'two-factor', 'password-change', 'mfa-setup'));