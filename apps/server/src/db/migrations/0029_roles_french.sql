ALTER TABLE "roles" ADD COLUMN "name_fr" text;--> statement-breakpoint
-- hand-written below
-- Issue 18. Built-in roles (the seven default roles and the lab role) still named as provisioned (same Arabic and
-- English name, no French yet) get the French name provision.ts / lab-users.service.ts give new clinics
-- (BUILT_IN_ROLE_NAMES, LAB_ROLE_NAMES); renamed and custom roles are left alone (shown in English until set).
update roles r set name_fr = s.fr
from (values
  ('RL1', 'المالك', 'Owner', 'Propriétaire'),
  ('RL2', 'مدير الفرع', 'Branch manager', 'Responsable de succursale'),
  ('RL3', 'موظف (مشغّل)', 'Employee (operator)', 'Employé (opérateur)'),
  ('RL4', 'سكرتارية', 'Secretary', 'Secrétariat'),
  ('RL5', 'مساعد', 'Assistant', 'Assistant'),
  ('RL6', 'محاسب', 'Accountant', 'Comptable'),
  ('RL7', 'إداري', 'Administrative', 'Administratif'),
  ('LAB', 'مستخدم معمل', 'Lab user', 'Utilisateur de laboratoire')
) as s(code, ar, en, fr)
where r.name_fr is null and r.code = s.code and r.name_ar = s.ar and r.name_en = s.en;
