ALTER TABLE "lab_services" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "clinic_lookups" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "payment_types" ADD COLUMN "name_fr" text;--> statement-breakpoint
-- hand-written below
-- Issue 18. The payment types, clinic lookups and lab services of existing clinics that are still exactly as seeded
-- (same Arabic and English name, no French yet) get the French name lookups.seed.ts / labs.seed.ts / the default
-- payment type give new clinics; rows a clinic renamed or added are left alone (shown in English until set).
update payment_types t set name_fr = s.fr
from (values
  ('كاش', 'Cash', 'Espèces'),
  ('فيزا', 'Visa', 'Visa'),
  ('تحويل بنكي', 'Bank transfer', 'Virement bancaire'),
  ('إنستاباي', 'InstaPay', 'InstaPay')
) as s(ar, en, fr)
where t.name_fr is null and t.name_ar = s.ar and t.name_en = s.en;
--> statement-breakpoint
update clinic_lookups t set name_fr = s.fr
from (values
  ('PatientReference', 'فيسبوك', 'Facebook', 'Facebook'),
  ('PatientReference', 'إنستغرام', 'Instagram', 'Instagram'),
  ('PatientReference', 'بحث جوجل', 'Google search', 'Recherche Google'),
  ('PatientReference', 'صديق أو قريب', 'Friend or relative', 'Ami ou proche'),
  ('PatientReference', 'لافتة العيادة', 'Clinic sign', 'Enseigne du cabinet'),
  ('Occupation', 'مهندس', 'Engineer', 'Ingénieur'),
  ('Occupation', 'معلم', 'Teacher', 'Enseignant'),
  ('Occupation', 'طالب', 'Student', 'Étudiant'),
  ('Occupation', 'محاسب', 'Accountant', 'Comptable'),
  ('Nationality', 'مصري', 'Egyptian', 'Égyptien'),
  ('Nationality', 'سعودي', 'Saudi', 'Saoudien'),
  ('Nationality', 'يمني', 'Yemeni', 'Yéménite'),
  ('RelativeType', 'أب', 'Father', 'Père'),
  ('RelativeType', 'أم', 'Mother', 'Mère'),
  ('RelativeType', 'زوج', 'Husband', 'Mari'),
  ('RelativeType', 'زوجة', 'Wife', 'Épouse'),
  ('RelativeType', 'ابن', 'Son', 'Fils'),
  ('RelativeType', 'ابنة', 'Daughter', 'Fille')
) as s(grp, ar, en, fr)
where t.name_fr is null and t.group_name = s.grp and t.name_ar = s.ar and t.name_en = s.en;
--> statement-breakpoint
update lab_services t set name_fr = s.fr
from (values
  ('تاج زركونيا', 'Zirconia crown', 'Couronne zircone'),
  ('تاج معدن خزف', 'PFM crown', 'Couronne céramo-métallique'),
  ('قشرة إيماكس', 'E.max veneer', 'Facette E.max'),
  ('واقي ليلي', 'Night guard', 'Gouttière de nuit'),
  ('طقم أسنان كامل', 'Complete denture', 'Prothèse complète'),
  ('دعامة زرعة مخصصة', 'Custom implant abutment', 'Pilier implantaire personnalisé')
) as s(ar, en, fr)
where t.name_fr is null and t.name_ar = s.ar and t.name_en = s.en;
