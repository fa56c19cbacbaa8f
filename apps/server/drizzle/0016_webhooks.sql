CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_duration_ms" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_valid" CHECK ("webhook_deliveries"."status" IN ('Pending', 'Succeeded', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret_enc" text NOT NULL,
	"previous_secret_enc" text,
	"previous_secret_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_events_valid" CHECK (cardinality("webhook_endpoints"."events") >= 1),
	CONSTRAINT "webhook_endpoints_url_valid" CHECK ("webhook_endpoints"."url" ~ '^https?://' AND length("webhook_endpoints"."url") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_key" ON "webhook_deliveries" USING btree ("endpoint_id","message_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_idx" ON "webhook_endpoints" USING btree ("account_id");--> statement-breakpoint
-- The one way an event reaches webhooks (decision 033): a delivery for every enabled endpoint that
-- subscribes to the type and whose Admin's subtree holds one of the accounts the event concerns,
-- written in the caller's transaction, so it exists exactly when the change committed. One
-- message id per event (the webhook-id header). Dispatchers are woken at commit.
CREATE FUNCTION webhook_emit(p_type text, p_accounts uuid[], p_data jsonb, p_at timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN
    RETURN 0;
  END IF;
  INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload)
  SELECT e.id, m.id, p_type,
         jsonb_build_object('type', p_type,
                            'timestamp', to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            'data', p_data)
    FROM webhook_endpoints e,
         (SELECT 'msg_' || replace(gen_random_uuid()::text, '-', '') AS id) m
   WHERE e.enabled
     AND p_type = ANY (e.events)
     AND EXISTS (SELECT 1 FROM account_closure c
                  WHERE c.ancestor_id = e.account_id AND c.descendant_id = ANY (p_accounts));
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written > 0 THEN
    PERFORM pg_notify('portal_webhooks', '');
  END IF;
  RETURN written;
END
$$;
--> statement-breakpoint
-- Every movement of the ledger is an event, whatever code path wrote it: at commit (the movement's
-- lines are written by the same statement, after its row), to the organisations whose pools it
-- touched and to its actor's.
CREATE FUNCTION movements_webhook() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  concerned uuid[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT p.owner_id) || NEW.actor_id INTO concerned
    FROM movement_lines l JOIN pools p ON p.id = l.pool_id
   WHERE l.movement_id = NEW.id;
  PERFORM webhook_emit(
    CASE NEW.action
      WHEN 'Issue' THEN 'license.issued'
      WHEN 'Allocate' THEN 'license.allocated'
      WHEN 'Revoke' THEN 'license.revoked'
      WHEN 'Reserve' THEN 'license.reserved'
      WHEN 'Consume' THEN 'license.consumed'
      ELSE 'license.released'
    END,
    concerned,
    jsonb_build_object(
      'movementId', NEW.id,
      'action', NEW.action,
      'productCode', NEW.product_code,
      'groupKey', NEW.group_key,
      'quantity', abs(NEW.quantity),
      'quantityChange', NEW.quantity,
      'sourcePoolId', NEW.source_pool_id,
      'target', jsonb_build_object('type', NEW.target_type, 'id', NEW.target_id, 'name', NEW.target_name),
      'actorId', NEW.actor_id,
      'apiKeyId', NEW.api_key_id,
      'lines', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                  'poolId', l.pool_id, 'licenseId', l.license_id, 'available', l.d_available,
                  'inTransit', l.d_in_transit, 'consumed', l.d_consumed, 'allocated', l.d_allocated)), '[]'::jsonb)
                  FROM movement_lines l WHERE l.movement_id = NEW.id)
    ),
    NEW.created_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER movements_webhook AFTER INSERT ON movements
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION movements_webhook();
