ALTER TABLE "wallet_exports" ADD COLUMN "tz_rules" text;--> statement-breakpoint
-- Exports written before Morocco's change (2026-09-20 01:00 UTC) hold no later movement, so their
-- times were right with the old rules. Later ones stay null: written by a runtime that still
-- applied UTC+01, they are repaired at start (company-wallet/repair-export-times.ts, decision 023).
UPDATE "wallet_exports" SET "tz_rules" = 'before-2026c' WHERE "created_at" < '2026-09-20T01:00:00Z';
