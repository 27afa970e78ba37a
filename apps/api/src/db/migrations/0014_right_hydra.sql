CREATE TABLE "card_document_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"document" text NOT NULL,
	"order_id" integer,
	"card_id" integer,
	"downloaded_by" integer NOT NULL,
	"outcome" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"step" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error_code" text,
	"hint" text,
	"city_id" integer NOT NULL,
	"address" text NOT NULL,
	"area" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text NOT NULL,
	"cin_front_key" text,
	"cin_back_key" text,
	"cin_images_deleted_at" timestamp with time zone,
	"reading" jsonb,
	"card_id" integer,
	"onboarding_token_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount_centimes" bigint NOT NULL,
	"balance_after_centimes" bigint NOT NULL,
	"label" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"sent_by" integer NOT NULL,
	"channels" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"confirmed_phone" text,
	"phone_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_issued_cards" (
	"issuer_reference" text PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"stage" text NOT NULL,
	"card_number" text,
	"pin_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "issuer_reference" text;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "receipt_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "contract_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "signed_contract_key" text;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "contract_signed_ip" text;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD COLUMN "unsigned_contract_sha256" text;--> statement-breakpoint
ALTER TABLE "card_document_downloads" ADD CONSTRAINT "card_document_downloads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_document_downloads" ADD CONSTRAINT "card_document_downloads_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_document_downloads" ADD CONSTRAINT "card_document_downloads_order_id_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_document_downloads" ADD CONSTRAINT "card_document_downloads_card_id_prepaid_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."prepaid_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_document_downloads" ADD CONSTRAINT "card_document_downloads_downloaded_by_users_id_fk" FOREIGN KEY ("downloaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_card_id_prepaid_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."prepaid_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_id_prepaid_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."prepaid_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_tokens" ADD CONSTRAINT "onboarding_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_tokens" ADD CONSTRAINT "onboarding_tokens_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_tokens" ADD CONSTRAINT "onboarding_tokens_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_document_downloads_employee_idx" ON "card_document_downloads" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE INDEX "card_orders_employee_idx" ON "card_orders" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_orders_one_checking_per_employee_uq" ON "card_orders" USING btree ("employee_id") WHERE "card_orders"."status" = 'checking';--> statement-breakpoint
CREATE INDEX "card_orders_checking_idx" ON "card_orders" USING btree ("created_at") WHERE "card_orders"."status" = 'checking';--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_reference_uq" ON "card_transactions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "card_transactions_card_created_idx" ON "card_transactions" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_tokens_hash_uq" ON "onboarding_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "onboarding_tokens_employee_idx" ON "onboarding_tokens" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_cards_issuer_reference_uq" ON "prepaid_cards" USING btree ("issuer_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_cards_one_live_per_employee_uq" ON "prepaid_cards" USING btree ("employee_id") WHERE "prepaid_cards"."status" <> 'canceled';