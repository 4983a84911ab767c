-- audit_log out of the app's role's reach (issue 32 point 9, decision 0050). The table, its trigger
-- function and the schema holding them belong to fre_audit_owner, a NOLOGIN role the app's role
-- is not a member of; the app keeps SELECT and INSERT only. So the app's connection cannot switch
-- the trigger off, drop it or the table, give the table away, update, delete or truncate.
--
-- Only a superuser may hand a table to a role it is not a member of. In the migration chain this
-- runs as the app's own role and changes nothing: a non-superuser may not, and a superuser app
-- role (the embedded database's only role, the tests') has everything in reach anyway. Its work
-- is done at every boot on DATABASE_MIGRATION_URL (a superuser), which runs this file again with
-- the app's role in `fre.audit_app_role` (db/audit-owner.ts, search_path = pg_catalog): so it is
-- idempotent, and does nothing once the state is right. A later migration changing audit_log must
-- therefore run as its owner (decision 0050).
DO $$
DECLARE
  app name := coalesce(nullif(pg_catalog.current_setting('fre.audit_app_role', true), ''), current_user);
  -- Migration 0019's function body, restored as it was written.
  body constant text := E'\nBEGIN\n  RAISE EXCEPTION ''audit_log is append-only: % refused'', TG_OP USING ERRCODE = ''insufficient_privilege'';\nEND;\n';
  tbl constant pg_catalog.regclass := 'public.audit_log'::pg_catalog.regclass;
  fn constant pg_catalog.regprocedure := 'public.audit_log_append_only()'::pg_catalog.regprocedure;
  app_super boolean;
  owner_oid oid;
  foreign_objects text;
BEGIN
  SELECT r.rolsuper INTO app_super FROM pg_catalog.pg_roles r WHERE r.rolname = app;
  IF app_super IS NULL THEN
    RAISE EXCEPTION 'fre.audit_app_role names no role: %', app;
  END IF;
  IF app_super OR NOT (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = current_user) THEN
    RETURN;
  END IF;

  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles r WHERE r.rolname = 'fre_audit_owner') THEN
    BEGIN
      CREATE ROLE fre_audit_owner NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- another database of this cluster created it at the same instant
    END;
  END IF;
  SELECT r.oid INTO owner_oid FROM pg_catalog.pg_roles r WHERE r.rolname = 'fre_audit_owner';
  IF pg_catalog.pg_has_role(app, owner_oid, 'MEMBER') THEN
    RAISE EXCEPTION 'the app''s role % is a member of fre_audit_owner, so it could alter audit_log: REVOKE fre_audit_owner FROM %', app, app;
  END IF;

  -- Already out of reach: touch nothing (an ALTER would lock the table at every boot).
  IF (SELECT c.relowner = owner_oid AND NOT c.relrowsecurity FROM pg_catalog.pg_class c WHERE c.oid = tbl)
    AND (SELECT p.proowner = owner_oid AND p.prosrc = body AND NOT p.prosecdef FROM pg_catalog.pg_proc p WHERE p.oid = fn)
    AND NOT (SELECT pg_catalog.pg_has_role(app, n.nspowner, 'MEMBER') FROM pg_catalog.pg_namespace n WHERE n.nspname = 'public')
    AND (SELECT pg_catalog.count(*) FROM pg_catalog.pg_trigger t WHERE t.tgrelid = tbl AND NOT t.tgisinternal) = 2
    AND (SELECT pg_catalog.count(*) FROM pg_catalog.pg_trigger t WHERE t.tgrelid = tbl AND t.tgfoid = fn AND t.tgenabled = 'O'
      AND ((t.tgname = 'audit_log_no_update_delete' AND t.tgtype = 27) OR (t.tgname = 'audit_log_no_truncate' AND t.tgtype = 34))) = 2
    AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_rewrite w WHERE w.ev_class = tbl)
    AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_policy o WHERE o.polrelid = tbl)
    AND pg_catalog.has_table_privilege(app, tbl, 'SELECT') AND pg_catalog.has_table_privilege(app, tbl, 'INSERT')
    AND NOT pg_catalog.has_table_privilege(app, tbl, 'UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
    AND NOT pg_catalog.has_any_column_privilege(app, tbl, 'UPDATE')
  THEN
    RETURN;
  END IF;

  LOCK TABLE public.audit_log IN ACCESS EXCLUSIVE MODE;
  -- Whatever the app's role added while it owned the table (a trigger dropping inserts, a rule, a
  -- policy hiding rows) would outlive the hand-over: refused, for a person to look at.
  SELECT pg_catalog.string_agg(x.name, ', ') INTO foreign_objects FROM (
    SELECT 'trigger ' || t.tgname AS name FROM pg_catalog.pg_trigger t WHERE t.tgrelid = tbl AND NOT t.tgisinternal
      AND t.tgname NOT IN ('audit_log_no_update_delete', 'audit_log_no_truncate')
    UNION ALL SELECT 'rule ' || w.rulename FROM pg_catalog.pg_rewrite w WHERE w.ev_class = tbl
    UNION ALL SELECT 'policy ' || o.polname FROM pg_catalog.pg_policy o WHERE o.polrelid = tbl
  ) x;
  IF foreign_objects IS NOT NULL THEN
    RAISE EXCEPTION 'audit_log carries objects FRE did not create (%): examine and drop them, then boot again', foreign_objects;
  END IF;

  EXECUTE pg_catalog.format('CREATE OR REPLACE FUNCTION public.audit_log_append_only() RETURNS trigger LANGUAGE plpgsql SECURITY INVOKER AS %L', body);
  DROP TRIGGER IF EXISTS audit_log_no_update_delete ON public.audit_log;
  DROP TRIGGER IF EXISTS audit_log_no_truncate ON public.audit_log;
  CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON public.audit_log
    FOR EACH ROW EXECUTE FUNCTION public.audit_log_append_only();
  CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION public.audit_log_append_only();
  ALTER TABLE public.audit_log DISABLE ROW LEVEL SECURITY;
  ALTER FUNCTION public.audit_log_append_only() OWNER TO fre_audit_owner;
  ALTER TABLE public.audit_log OWNER TO fre_audit_owner;

  -- The owner of a schema may drop any table in it: public leaves the app's role (the owner of its
  -- database, through pg_database_owner), which keeps creating its own tables there.
  IF (SELECT pg_catalog.pg_has_role(app, n.nspowner, 'MEMBER') FROM pg_catalog.pg_namespace n WHERE n.nspname = 'public') THEN
    ALTER SCHEMA public OWNER TO fre_audit_owner;
  END IF;
  EXECUTE pg_catalog.format('GRANT USAGE, CREATE ON SCHEMA public TO %I', app);

  REVOKE ALL ON public.audit_log FROM PUBLIC;
  EXECUTE pg_catalog.format('REVOKE ALL ON public.audit_log FROM %I', app);
  EXECUTE pg_catalog.format('GRANT SELECT, INSERT ON public.audit_log TO %I', app);
  IF pg_catalog.has_table_privilege(app, tbl, 'UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
    OR pg_catalog.has_any_column_privilege(app, tbl, 'UPDATE') THEN
    RAISE EXCEPTION 'the app''s role % still gets more than SELECT and INSERT on audit_log through another role: revoke it', app;
  END IF;
END
$$;
