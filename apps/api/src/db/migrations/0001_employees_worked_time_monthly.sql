CREATE TABLE "phone_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"flow_token_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_verifications_flow_token_hash_unique" UNIQUE("flow_token_hash")
);
--> statement-breakpoint
CREATE TABLE "employee_worked_time" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"worked_days" numeric(5, 2) NOT NULL,
	"worked_hours" numeric(6, 2) NOT NULL,
	"uploaded_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_worked_time" ADD CONSTRAINT "employee_worked_time_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_worked_time" ADD CONSTRAINT "employee_worked_time_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_worked_time" ADD CONSTRAINT "employee_worked_time_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_verifications_phone_idx" ON "phone_verifications" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_worked_time_month_unique" ON "employee_worked_time" USING btree ("employee_id","year","month");--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "worked_days";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "worked_hours";