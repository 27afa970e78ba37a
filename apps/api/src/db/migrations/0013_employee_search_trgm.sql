-- Employee search (issue 9 §3, decision 027): an accent-free, lower-case search column kept by
-- the database itself, and a trigram index on it. pg_trgm is in PostgreSQL's contrib and loaded by
-- PGlite (src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The one normaliser, used on both sides: the column and the searched pattern (queries.ts).
-- translate() rather than unaccent (not in PGlite): the letters of French, Spanish and
-- transliterated Arabic/Amazigh names, typographic apostrophes to ', ligatures spelled out, then
-- lower(). Immutable, so the planner folds it over a constant pattern.
CREATE FUNCTION tasbiq_search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select lower(replace(replace(replace(replace(replace(translate(value,
    'àáâãäåāăąÀÁÂÃÄÅĀĂĄçćĉċčÇĆĈĊČďđḍĎĐḌèéêëēĕėęěÈÉÊËĒĔĖĘĚĝğġģĜĞĠĢĥħḥĤĦḤìíîïĩīĭįıÌÍÎÏĨĪĬĮİñńņňÑŃŅŇòóôõöøōŏőÒÓÔÕÖØŌŎŐśŝşšṣŚŜŞŠṢţťṭŢŤṬùúûüũūŭůűųÙÚÛÜŨŪŬŮŰŲýÿŷÝŸŶźżžẓŹŻŽẒ’‘ʼ`',
    'aaaaaaaaaaaaaaaaaaccccccccccddddddeeeeeeeeeeeeeeeeeegggggggghhhhhhiiiiiiiiiiiiiiiiiinnnnnnnnoooooooooooooooooossssssssssttttttuuuuuuuuuuuuuuuuuuuuyyyyyyzzzzzzzz'''''''''),
    'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss')) $$;--> statement-breakpoint
-- employees.search_text = first and last name, CIN, phone, e-mail of the account, matricule,
-- joined by spaces (a term never holds a space, so it cannot straddle two fields).
CREATE FUNCTION employees_search_text_fill() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT tasbiq_search_normalize(concat_ws(' ', u.first_name, u.last_name, u.cin, u.phone, u.email, NEW.serial))
    INTO NEW.search_text
    FROM users u WHERE u.id = NEW.user_id;
  NEW.search_text := coalesce(NEW.search_text, '');
  RETURN NEW;
END $$;--> statement-breakpoint
-- Also on "update of search_text": nobody writes the column but this trigger.
CREATE TRIGGER employees_search_text_fill BEFORE INSERT OR UPDATE OF user_id, serial, search_text ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_search_text_fill();--> statement-breakpoint
-- An account's name, CIN, phone or e-mail changes: its employee row recomputes (trigger above).
CREATE FUNCTION users_search_text_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE employees SET search_text = '' WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_search_text_refresh AFTER UPDATE OF first_name, last_name, cin, phone, email ON users
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.cin IS DISTINCT FROM NEW.cin OR OLD.phone IS DISTINCT FROM NEW.phone
        OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION users_search_text_refresh();--> statement-breakpoint
UPDATE "employees" SET "search_text" = '';--> statement-breakpoint
CREATE INDEX "employees_search_trgm_idx" ON "employees" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);
