ALTER TABLE "clinics" ADD COLUMN "session_stamp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A clinic's session stamp moves on with every change to what a session is made of (platform/auth/session.ts), so
-- that every server process sees at once, in the same statement that opens a request's tenant scope, whether a
-- session it cached is still true. In a clinic's scope the stamp moves before the statement locks any row, so the
-- clinic's row is always locked first and two requests cannot deadlock on it; rows of another clinic than the
-- scope's (or changed outside any scope: provisioning, an operator's SQL) move their own clinic's stamp after.
-- Security definer: the application role may not write the stamp itself.
CREATE FUNCTION clinic_session_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant bigint := nullif(current_setting('app.clinic_id', true), '')::bigint;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    IF tenant IS NOT NULL THEN
      UPDATE clinics SET session_stamp = session_stamp + 1 WHERE id = tenant;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.clinic_id IS DISTINCT FROM tenant THEN
    UPDATE clinics SET session_stamp = session_stamp + 1 WHERE id = OLD.clinic_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.clinic_id IS DISTINCT FROM tenant
     AND (TG_OP = 'INSERT' OR NEW.clinic_id IS DISTINCT FROM OLD.clinic_id) THEN
    UPDATE clinics SET session_stamp = session_stamp + 1 WHERE id = NEW.clinic_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION clinic_stamp_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.session_stamp := OLD.session_stamp + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER clinics_session_stamp BEFORE UPDATE ON clinics FOR EACH ROW EXECUTE FUNCTION clinic_stamp_on_update();
--> statement-breakpoint
CREATE TRIGGER users_session_scope BEFORE INSERT OR UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION clinic_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_rows AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION clinic_session_changed();
--> statement-breakpoint
CREATE TRIGGER roles_session_scope BEFORE INSERT OR UPDATE OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION clinic_session_changed();
--> statement-breakpoint
CREATE TRIGGER roles_session_rows AFTER INSERT OR UPDATE OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION clinic_session_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_session_scope BEFORE INSERT OR UPDATE OR DELETE ON role_permissions FOR EACH STATEMENT EXECUTE FUNCTION clinic_session_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_session_rows AFTER INSERT OR UPDATE OR DELETE ON role_permissions FOR EACH ROW EXECUTE FUNCTION clinic_session_changed();
--> statement-breakpoint
CREATE TRIGGER branches_session_scope BEFORE INSERT OR UPDATE OR DELETE ON branches FOR EACH STATEMENT EXECUTE FUNCTION clinic_session_changed();
--> statement-breakpoint
CREATE TRIGGER branches_session_rows AFTER INSERT OR UPDATE OR DELETE ON branches FOR EACH ROW EXECUTE FUNCTION clinic_session_changed();
--> statement-breakpoint
CREATE TRIGGER user_branches_session_scope BEFORE INSERT OR UPDATE OR DELETE ON user_branches FOR EACH STATEMENT EXECUTE FUNCTION clinic_session_changed();
--> statement-breakpoint
CREATE TRIGGER user_branches_session_rows AFTER INSERT OR UPDATE OR DELETE ON user_branches FOR EACH ROW EXECUTE FUNCTION clinic_session_changed();
