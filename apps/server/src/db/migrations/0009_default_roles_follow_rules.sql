-- Default roles hold only keys their route rule lets them use (packages/contract/src/permissions.ts). The keys
-- below were in the old defaults of RL3, RL5, RL6 and RL7 but every page and call they open carries a route rule
-- (Secretariat or BranchManager) that refuses the role, so they never worked: drop them from the clinics' default roles.
DELETE FROM "role_permissions" rp USING "roles" r
WHERE r."clinic_id" = rp."clinic_id" AND r."id" = rp."role_id" AND r."is_default"
  AND (
    (r."code" = 'RL3' AND rp."permission_key" IN ('prescription_template_list', 'prescription_template_add',
      'prescription_template_edit', 'treatment_list', 'lab_orders_list'))
    OR (r."code" = 'RL5' AND rp."permission_key" IN ('stock_list', 'stock_usedMaterial_list', 'stock_material_list',
      'lab_orders_list', 'room_list'))
    OR (r."code" = 'RL6' AND rp."permission_key" IN ('financial_lookups', 'user_list_procedures_percentage',
      'settings_payment_type_list', 'report_show', 'report_treatment_count', 'report_procedure_count',
      'report_top_treatment', 'report_top_procedure', 'insurance_claims_list', 'insurance_reports'))
    OR (r."code" = 'RL7' AND rp."permission_key" IN ('user_list', 'clinic_show'))
  );
--> statement-breakpoint
-- The spec names RL3 "employee (operator)" (being a doctor is a user flag): rename the default RL3 role where the
-- clinic kept the old seeded name.
UPDATE "roles" SET "name_ar" = 'موظف (مشغّل)', "name_en" = 'Employee (operator)'
WHERE "code" = 'RL3' AND "is_default" AND "name_ar" = 'طبيب' AND "name_en" = 'Doctor';
