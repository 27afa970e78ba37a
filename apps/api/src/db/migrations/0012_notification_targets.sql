ALTER TABLE "notifications" ADD COLUMN "advance_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recharge_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_advance_id_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."advances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recharge_id_recharges_id_fk" FOREIGN KEY ("recharge_id") REFERENCES "public"."recharges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_advance_idx" ON "notifications" USING btree ("advance_id") WHERE "notifications"."advance_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_recharge_idx" ON "notifications" USING btree ("recharge_id") WHERE "notifications"."recharge_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_target" CHECK ("notifications"."advance_id" is null or "notifications"."recharge_id" is null);--> statement-breakpoint
-- Notifications written before the link name their movement in their parameters (advance_id,
-- recharge_id): point them at it when it exists and is the same person's, in the same company.
UPDATE "notifications" n SET "advance_id" = a."id"
FROM "advances" a JOIN "employees" e ON e."id" = a."employee_id"
WHERE n."event" IN ('advance_created', 'advance_executed', 'advance_failed', 'advance_canceled')
  AND n."parameters"->>'advance_id' ~ '^[0-9]{1,9}$'
  AND a."id" = (n."parameters"->>'advance_id')::integer
  AND a."company_id" = n."company_id" AND e."user_id" = n."user_id";--> statement-breakpoint
UPDATE "notifications" n SET "recharge_id" = r."id"
FROM "recharges" r JOIN "employees" e ON e."id" = r."employee_id"
WHERE n."event" IN ('recharge_executed', 'recharge_failed')
  AND n."parameters"->>'recharge_id' ~ '^[0-9]{1,9}$'
  AND r."id" = (n."parameters"->>'recharge_id')::integer
  AND r."company_id" = n."company_id" AND e."user_id" = n."user_id";
