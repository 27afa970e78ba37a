-- Session cache invalidation (issue 9 §2, decision 028). Every API process keeps the per-request
-- session (account, company, employee row, terms state, login session) in memory and LISTENs on
-- `tasbiq_sessions`; these triggers NOTIFY it from whatever writes the rows (API, admin script,
-- psql), on commit, so no write path can forget to. Payloads: 'u:<user id>' (that account's
-- sessions), 'c:<company id>' (every session of the company), '*' (all: new or changed terms).
CREATE FUNCTION tasbiq_notify_user_session() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  -- The column naming the account, the trigger's argument: `id` on users, `user_id` elsewhere
  -- (null on an invited employee, who has no account yet).
  column_name text := TG_ARGV[0];
BEGIN
  IF TG_OP <> 'INSERT' AND to_jsonb(OLD) ->> column_name IS NOT NULL THEN
    PERFORM pg_notify('tasbiq_sessions', 'u:' || (to_jsonb(OLD) ->> column_name));
  END IF;
  IF TG_OP <> 'DELETE' AND to_jsonb(NEW) ->> column_name IS NOT NULL THEN
    PERFORM pg_notify('tasbiq_sessions', 'u:' || (to_jsonb(NEW) ->> column_name));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION tasbiq_notify_company_session() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('tasbiq_sessions', 'c:' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION tasbiq_notify_all_sessions() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('tasbiq_sessions', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
-- A new account or a new login session is not cached yet: users and login_sessions notify on
-- change only. A new employee row or terms acceptance changes a cached session.
CREATE TRIGGER users_session_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION tasbiq_notify_user_session('id');--> statement-breakpoint
CREATE TRIGGER login_sessions_session_notify AFTER UPDATE OR DELETE ON login_sessions
  FOR EACH ROW EXECUTE FUNCTION tasbiq_notify_user_session('user_id');--> statement-breakpoint
CREATE TRIGGER employees_session_notify AFTER INSERT OR UPDATE OR DELETE ON employees
  FOR EACH ROW EXECUTE FUNCTION tasbiq_notify_user_session('user_id');--> statement-breakpoint
CREATE TRIGGER terms_acceptances_session_notify AFTER INSERT OR UPDATE OR DELETE ON terms_acceptances
  FOR EACH ROW EXECUTE FUNCTION tasbiq_notify_user_session('user_id');--> statement-breakpoint
CREATE TRIGGER companies_session_notify AFTER UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION tasbiq_notify_company_session();--> statement-breakpoint
CREATE TRIGGER terms_session_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON terms
  FOR EACH STATEMENT EXECUTE FUNCTION tasbiq_notify_all_sessions();
