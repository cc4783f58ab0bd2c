-- Clinics created before the lookups module get its one required row: the default payment type (Cash),
-- as provisioning (modules/lookups seedLookups) gives every new clinic. The clinic is set per row so that
-- the insert also passes forced row-level security.
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT id FROM clinics LOOP
    PERFORM set_config('app.clinic_id', c.id::text, true);
    INSERT INTO payment_types (clinic_id, name_ar, name_en, is_default)
    SELECT c.id, 'كاش', 'Cash', true
    WHERE NOT EXISTS (SELECT 1 FROM payment_types p WHERE p.clinic_id = c.id AND p.is_default);
  END LOOP;
  PERFORM set_config('app.clinic_id', '', true);
END $$;
