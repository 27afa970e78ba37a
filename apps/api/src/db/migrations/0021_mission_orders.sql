CREATE TABLE "mission_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"mission_order_id" integer NOT NULL,
	"type" text NOT NULL,
	"comment" text,
	"user_id" integer,
	"amount_before_centimes" bigint,
	"amount_after_centimes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_order_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"mission_order_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_order_sequences" (
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "mission_order_sequences_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
CREATE TABLE "mission_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"guests" smallint DEFAULT 0 NOT NULL,
	"departure_city_id" integer NOT NULL,
	"arrival_city_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"advance_centimes" bigint DEFAULT 0 NOT NULL,
	"requested_advance_centimes" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"report_status" text DEFAULT 'awaiting_odm' NOT NULL,
	"advance_status" text DEFAULT 'none' NOT NULL,
	"payout_method" text,
	"advance_paid_centimes" bigint DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	"reminded_on" date,
	"processing_at" timestamp with time zone,
	"executed_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "mission_reminder_working_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "mission_order_events" ADD CONSTRAINT "mission_order_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_order_events" ADD CONSTRAINT "mission_order_events_mission_order_id_mission_orders_id_fk" FOREIGN KEY ("mission_order_id") REFERENCES "public"."mission_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_order_events" ADD CONSTRAINT "mission_order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_order_files" ADD CONSTRAINT "mission_order_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_order_files" ADD CONSTRAINT "mission_order_files_mission_order_id_mission_orders_id_fk" FOREIGN KEY ("mission_order_id") REFERENCES "public"."mission_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_order_sequences" ADD CONSTRAINT "mission_order_sequences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_orders" ADD CONSTRAINT "mission_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_orders" ADD CONSTRAINT "mission_orders_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_orders" ADD CONSTRAINT "mission_orders_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_order_events_order_idx" ON "mission_order_events" USING btree ("mission_order_id","id");--> statement-breakpoint
CREATE INDEX "mission_order_files_order_idx" ON "mission_order_files" USING btree ("mission_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_orders_company_number_uq" ON "mission_orders" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "mission_orders_company_submitted_idx" ON "mission_orders" USING btree ("company_id","submitted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mission_orders_employee_created_idx" ON "mission_orders" USING btree ("employee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mission_orders_pending_idx" ON "mission_orders" USING btree ("submitted_at") WHERE "mission_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mission_orders_unpaid_idx" ON "mission_orders" USING btree ("advance_status") WHERE "mission_orders"."advance_status" in ('confirmed', 'processing');