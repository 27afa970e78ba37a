-- The employee list's name order on one index of `employees` (issue 9 §3, decision 050): copies
-- of the account's last and first name, written by the trigger that already writes search_text
-- (migration 0013), so nothing else can forget them.
ALTER TABLE "employees" ADD COLUMN "sort_last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "sort_first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION employees_search_text_fill() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT tasbiq_search_normalize(concat_ws(' ', u.first_name, u.last_name, u.cin, u.phone, u.email, NEW.serial)),
         u.last_name, u.first_name
    INTO NEW.search_text, NEW.sort_last_name, NEW.sort_first_name
    FROM users u WHERE u.id = NEW.user_id;
  NEW.search_text := coalesce(NEW.search_text, '');
  NEW.sort_last_name := coalesce(NEW.sort_last_name, '');
  NEW.sort_first_name := coalesce(NEW.sort_first_name, '');
  RETURN NEW;
END $$;--> statement-breakpoint
-- Also on "update of sort_last_name, sort_first_name": nobody writes them but the trigger.
DROP TRIGGER employees_search_text_fill ON employees;--> statement-breakpoint
CREATE TRIGGER employees_search_text_fill
  BEFORE INSERT OR UPDATE OF user_id, serial, search_text, sort_last_name, sort_first_name ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_search_text_fill();--> statement-breakpoint
UPDATE "employees" SET "search_text" = '';--> statement-breakpoint
-- The planner's row estimate for a query (EXPLAIN, nothing read; the PostgreSQL wiki's "count
-- estimate"): the total a broad search shows, asked in the same statement as its page. Only text
-- built by format() from our own filter reaches it.
CREATE FUNCTION tasbiq_row_estimate(query text) RETURNS bigint
  LANGUAGE plpgsql
  AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
  RETURN round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric);
END $$;--> statement-breakpoint
CREATE INDEX "employees_company_name_order_idx" ON "employees" USING btree ("company_id","sort_last_name","sort_first_name","id");
