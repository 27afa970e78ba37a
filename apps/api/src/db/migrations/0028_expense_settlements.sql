CREATE TABLE "expense_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"mission_order_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"refundable_centimes" bigint NOT NULL,
	"advance_paid_centimes" bigint NOT NULL,
	"balance_centimes" bigint NOT NULL,
	"direction" text NOT NULL,
	"payout_status" text,
	"payout_method" text,
	"failure_reason" text,
	"provider_reference" text,
	"deduction_month" date,
	"accepted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processing_at" timestamp with time zone,
	"executed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "expense_settlements_order_uq" UNIQUE("mission_order_id")
);
--> statement-breakpoint
ALTER TABLE "expense_settlements" ADD CONSTRAINT "expense_settlements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_settlements" ADD CONSTRAINT "expense_settlements_mission_order_id_mission_orders_id_fk" FOREIGN KEY ("mission_order_id") REFERENCES "public"."mission_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_settlements" ADD CONSTRAINT "expense_settlements_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_settlements" ADD CONSTRAINT "expense_settlements_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_settlements_deduction_idx" ON "expense_settlements" USING btree ("company_id","deduction_month") WHERE "expense_settlements"."direction" = 'owed_by_employee';--> statement-breakpoint
CREATE INDEX "expense_settlements_employee_idx" ON "expense_settlements" USING btree ("company_id","employee_id","created_at");--> statement-breakpoint
CREATE INDEX "expense_settlements_unpaid_idx" ON "expense_settlements" USING btree ("payout_status") WHERE "expense_settlements"."payout_status" in ('confirmed', 'processing');