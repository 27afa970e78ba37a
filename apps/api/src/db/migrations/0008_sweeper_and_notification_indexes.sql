DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
CREATE INDEX "advances_processing_idx" ON "advances" USING btree ("processing_at") WHERE "advances"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "recharges_pending_idx" ON "recharges" USING btree ("created_at") WHERE "recharges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "recharges_processing_idx" ON "recharges" USING btree ("processing_at") WHERE "recharges"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);