CREATE TABLE "payslip_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"payslip_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"audience" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payslip_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"pages_total" integer NOT NULL,
	"pages_read" integer DEFAULT 0 NOT NULL,
	"replaced_count" integer DEFAULT 0 NOT NULL,
	"already_approved_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payslip_jobs_status" CHECK ("payslip_jobs"."status" in ('in_progress', 'finished', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payslips" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"employee_id" integer,
	"read_cin" text,
	"read_serial" text,
	"read_name" text,
	"match_method" text,
	"confidence" integer DEFAULT 0 NOT NULL,
	"unmatched_reason" text,
	"period_month" integer,
	"period_year" integer,
	"first_page" integer NOT NULL,
	"page_count" integer NOT NULL,
	"scanned" boolean DEFAULT false NOT NULL,
	"file_key" text NOT NULL,
	"status" text NOT NULL,
	"gross_centimes" bigint,
	"net_centimes" bigint,
	"cnss_centimes" bigint,
	"amo_centimes" bigint,
	"ir_centimes" bigint,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"decided_by" integer,
	"received_at" timestamp with time zone,
	"replaced_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payslips_status" CHECK ("payslips"."status" in ('unmatched', 'pending', 'approved', 'discarded', 'replaced')),
	CONSTRAINT "payslips_approved_has_employee" CHECK ("payslips"."status" <> 'approved' or "payslips"."employee_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "payslip_downloads" ADD CONSTRAINT "payslip_downloads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_downloads" ADD CONSTRAINT "payslip_downloads_payslip_id_payslips_id_fk" FOREIGN KEY ("payslip_id") REFERENCES "public"."payslips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_downloads" ADD CONSTRAINT "payslip_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_jobs" ADD CONSTRAINT "payslip_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_jobs" ADD CONSTRAINT "payslip_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_job_id_payslip_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."payslip_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payslip_downloads_payslip_idx" ON "payslip_downloads" USING btree ("payslip_id");--> statement-breakpoint
CREATE INDEX "payslip_jobs_company_idx" ON "payslip_jobs" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payslip_jobs_in_progress_idx" ON "payslip_jobs" USING btree ("updated_at") WHERE "payslip_jobs"."status" = 'in_progress';--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_job_page_unique" ON "payslips" USING btree ("job_id","first_page");--> statement-breakpoint
CREATE INDEX "payslips_company_period_idx" ON "payslips" USING btree ("company_id","period_year","period_month","id");--> statement-breakpoint
CREATE INDEX "payslips_employee_idx" ON "payslips" USING btree ("employee_id","period_year","period_month");