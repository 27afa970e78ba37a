ALTER TABLE "notifications" DROP CONSTRAINT "notifications_one_target";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "bill_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "transfer_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_bill_idx" ON "notifications" USING btree ("bill_id") WHERE "notifications"."bill_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_transfer_idx" ON "notifications" USING btree ("transfer_id") WHERE "notifications"."transfer_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_target" CHECK (num_nonnulls("notifications"."advance_id", "notifications"."recharge_id", "notifications"."bonus_payment_id", "notifications"."bonus_id", "notifications"."bill_id", "notifications"."transfer_id") <= 1);--> statement-breakpoint
UPDATE "notifications" n SET "bill_id" = b."id" FROM "bills" b WHERE n."event" IN ('bill_paid', 'bill_failed') AND n."bill_id" IS NULL AND jsonb_typeof(n."parameters"->'bill_id') = 'number' AND b."id" = (n."parameters"->>'bill_id')::bigint AND b."company_id" = n."company_id";--> statement-breakpoint
UPDATE "notifications" n SET "transfer_id" = t."id" FROM "transfers" t WHERE n."event" LIKE 'transfer\_%' AND n."transfer_id" IS NULL AND jsonb_typeof(n."parameters"->'transfer_id') = 'number' AND t."id" = (n."parameters"->>'transfer_id')::bigint AND t."company_id" = n."company_id";
