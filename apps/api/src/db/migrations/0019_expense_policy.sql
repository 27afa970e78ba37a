CREATE TABLE "advance_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"group_id" integer,
	"amount_centimes" bigint NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advance_limits_min_200_dh" CHECK ("advance_limits"."amount_centimes" >= 20000)
);
--> statement-breakpoint
CREATE TABLE "expense_policy_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"changed_by" integer,
	"subject" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_validators" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"departure_city_id" integer,
	"arrival_city_id" integer,
	"ceiling_centimes" bigint NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "travel_policies_min_200_dh" CHECK ("travel_policies"."ceiling_centimes" >= 20000)
);
--> statement-breakpoint
ALTER TABLE "advance_limits" ADD CONSTRAINT "advance_limits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_limits" ADD CONSTRAINT "advance_limits_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_limits" ADD CONSTRAINT "advance_limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_policy_changes" ADD CONSTRAINT "expense_policy_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_policy_changes" ADD CONSTRAINT "expense_policy_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_validators" ADD CONSTRAINT "expense_validators_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_validators" ADD CONSTRAINT "expense_validators_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_validators" ADD CONSTRAINT "expense_validators_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_policies" ADD CONSTRAINT "travel_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_policies" ADD CONSTRAINT "travel_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advance_limits_company_group_uq" ON "advance_limits" USING btree ("company_id","group_id") WHERE "advance_limits"."group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "advance_limits_company_ungrouped_uq" ON "advance_limits" USING btree ("company_id") WHERE "advance_limits"."group_id" is null;--> statement-breakpoint
CREATE INDEX "expense_policy_changes_company_created_idx" ON "expense_policy_changes" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "expense_validators_employee_uq" ON "expense_validators" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "expense_validators_company_idx" ON "expense_validators" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "travel_policies_company_route_uq" ON "travel_policies" USING btree ("company_id",coalesce("departure_city_id", 0),coalesce("arrival_city_id", 0));