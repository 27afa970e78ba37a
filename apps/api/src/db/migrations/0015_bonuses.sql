CREATE TABLE "bonus_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bonus_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"amount_centimes" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_method" text,
	"failure_reason" text,
	"provider_reference" text,
	"is_seen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"processing_at" timestamp with time zone,
	"executed_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"custom_title" text,
	"comment" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"target" text,
	"group_id" integer,
	"amount_centimes" bigint,
	"recurrence_type" text DEFAULT 'non_recurrent' NOT NULL,
	"is_saved" boolean DEFAULT false NOT NULL,
	"anchor_day" smallint,
	"next_occurrence_on" date,
	"source_id" integer,
	"occurrence_on" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_centimes" bigint NOT NULL,
	"confirmed_centimes" bigint DEFAULT 0 NOT NULL,
	"beneficiaries_count" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"replied_by" integer,
	"reply_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bonus_payments" ADD CONSTRAINT "bonus_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_payments" ADD CONSTRAINT "bonus_payments_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_payments" ADD CONSTRAINT "bonus_payments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_payments_bonus_employee_uq" ON "bonus_payments" USING btree ("bonus_id","employee_id");--> statement-breakpoint
CREATE INDEX "bonus_payments_employee_created_idx" ON "bonus_payments" USING btree ("employee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bonus_payments_unpaid_idx" ON "bonus_payments" USING btree ("bonus_id","status") WHERE "bonus_payments"."status" in ('confirmed', 'processing');--> statement-breakpoint
CREATE INDEX "bonuses_company_created_idx" ON "bonuses" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bonuses_next_occurrence_idx" ON "bonuses" USING btree ("next_occurrence_on") WHERE "bonuses"."next_occurrence_on" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_source_occurrence_uq" ON "bonuses" USING btree ("source_id","occurrence_on") WHERE "bonuses"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "bonuses_company_saved_idx" ON "bonuses" USING btree ("company_id","created_at" DESC NULLS FIRST) WHERE "bonuses"."is_saved";