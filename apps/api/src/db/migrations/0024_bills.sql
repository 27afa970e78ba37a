CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"biller" text NOT NULL,
	"reference" text NOT NULL,
	"holder" text NOT NULL,
	"due_date" date NOT NULL,
	"amount_due_centimes" bigint NOT NULL,
	"amount_centimes" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_at" timestamp with time zone,
	"executed_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bills_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_employee_created_idx" ON "bills" USING btree ("employee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"company_id");--> statement-breakpoint
CREATE INDEX "bills_company_created_idx" ON "bills" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bills_pending_idx" ON "bills" USING btree ("created_at") WHERE "bills"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bills_processing_idx" ON "bills" USING btree ("processing_at") WHERE "bills"."status" = 'processing';