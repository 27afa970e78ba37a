ALTER TABLE "notifications" DROP CONSTRAINT "notifications_one_target";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "bonus_payment_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "bonus_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_bonus_payment_id_bonus_payments_id_fk" FOREIGN KEY ("bonus_payment_id") REFERENCES "public"."bonus_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_bonus_payment_idx" ON "notifications" USING btree ("bonus_payment_id") WHERE "notifications"."bonus_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_bonus_idx" ON "notifications" USING btree ("bonus_id") WHERE "notifications"."bonus_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_target" CHECK (num_nonnulls("notifications"."advance_id", "notifications"."recharge_id", "notifications"."bonus_payment_id", "notifications"."bonus_id") <= 1);--> statement-breakpoint
-- Bonus notifications written before the link name their bonus in their parameters (bonus_id):
-- the employee's point at their own payment of that bonus, the author's at the bonus, when it
-- exists in the same company.
UPDATE "notifications" n SET "bonus_payment_id" = p."id"
FROM "bonus_payments" p JOIN "employees" e ON e."id" = p."employee_id"
WHERE n."event" IN ('bonus_paid', 'bonus_failed')
  AND n."parameters"->>'bonus_id' ~ '^[0-9]{1,9}$'
  AND p."bonus_id" = (n."parameters"->>'bonus_id')::integer
  AND p."company_id" = n."company_id" AND e."user_id" = n."user_id";--> statement-breakpoint
UPDATE "notifications" n SET "bonus_id" = b."id"
FROM "bonuses" b
WHERE n."event" = 'bonus_replied'
  AND n."parameters"->>'bonus_id' ~ '^[0-9]{1,9}$'
  AND b."id" = (n."parameters"->>'bonus_id')::integer
  AND b."company_id" = n."company_id";
