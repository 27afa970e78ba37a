DROP INDEX "advances_employee_created_idx";--> statement-breakpoint
DROP INDEX "advances_company_created_idx";--> statement-breakpoint
DROP INDEX "recharges_employee_created_idx";--> statement-breakpoint
DROP INDEX "recharges_company_created_idx";--> statement-breakpoint
CREATE INDEX "advances_employee_created_idx" ON "advances" USING btree ("employee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"company_id");--> statement-breakpoint
CREATE INDEX "advances_company_created_idx" ON "advances" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "recharges_employee_created_idx" ON "recharges" USING btree ("employee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"company_id");--> statement-breakpoint
CREATE INDEX "recharges_company_created_idx" ON "recharges" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);