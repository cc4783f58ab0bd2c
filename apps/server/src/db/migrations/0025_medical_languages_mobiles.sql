ALTER TABLE "medical_categories" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "medical_questions" ADD COLUMN "text_fr" text;--> statement-breakpoint
ALTER TABLE "medical_questions" ADD COLUMN "alert_ar" text;--> statement-breakpoint
ALTER TABLE "medical_questions" ADD COLUMN "alert_en" text;--> statement-breakpoint
ALTER TABLE "medical_questions" ADD COLUMN "alert_fr" text;--> statement-breakpoint
ALTER TABLE "medical_questions" ADD COLUMN "sex" text;--> statement-breakpoint
ALTER TABLE "medical_questions" ADD COLUMN "min_age" integer;--> statement-breakpoint
ALTER TABLE "medical_questions" ADD COLUMN "max_age" integer;--> statement-breakpoint
ALTER TABLE "medical_questions" ADD CONSTRAINT "medical_questions_sex_ck" CHECK ("medical_questions"."sex" in ('M', 'F'));--> statement-breakpoint
ALTER TABLE "medical_questions" ADD CONSTRAINT "medical_questions_ages_ck" CHECK (coalesce("medical_questions"."min_age", 0) between 0 and coalesce("medical_questions"."max_age", 150) and coalesce("medical_questions"."max_age", 0) <= 150);--> statement-breakpoint
-- hand-written below
-- Issue 18. The starter questionnaire of existing clinics gets its French texts, the alert texts that state a fact
-- ("Allergic to penicillin") and the women-only, 12-55 limits of pregnancy and breastfeeding, as medical.seed.ts gives
-- new clinics. Only rows still exactly as seeded (same Arabic and English text, nothing set yet) are touched; options
-- get French only while they are the seeded ones.
update medical_categories set name_fr = 'Santé générale' where name_fr is null and name_en = 'General health' and name_ar = 'الصحة العامة';
--> statement-breakpoint
update medical_questions set text_fr = 'Comment évaluez-vous votre état de santé général ?', options = case when options = '[{"ar":"جيدة","en":"Good"},{"ar":"متوسطة","en":"Fair"},{"ar":"ضعيفة","en":"Poor"}]'::jsonb then '[{"ar":"جيدة","en":"Good","fr":"Bon"},{"ar":"متوسطة","en":"Fair","fr":"Moyen"},{"ar":"ضعيفة","en":"Poor","fr":"Mauvais"}]'::jsonb else options end
where text_fr is null and alert_ar is null and sex is null and text_en = 'How would you rate your general health?' and text_ar = 'كيف تقيّم حالتك الصحية العامة؟';
--> statement-breakpoint
update medical_questions set text_fr = 'Êtes-vous diabétique ?'
where text_fr is null and alert_ar is null and sex is null and text_en = 'Do you have diabetes?' and text_ar = 'هل أنت مصاب بمرض السكري؟';
--> statement-breakpoint
update medical_questions set text_fr = 'Avez-vous eu une hépatite (B ou C) ?', alert_ar = 'التهاب كبد وبائي (B أو C)', alert_en = 'Hepatitis (B or C)', alert_fr = 'Hépatite (B ou C)'
where text_fr is null and alert_ar is null and sex is null and text_en = 'Have you had hepatitis (B or C)?' and text_ar = 'هل أُصبت بالتهاب الكبد الوبائي (B أو C)؟';
--> statement-breakpoint
update medical_questions set text_fr = 'Prenez-vous actuellement des médicaments ?'
where text_fr is null and alert_ar is null and sex is null and text_en = 'Are you currently taking any medication?' and text_ar = 'هل تتناول أي أدوية حاليًا؟';
--> statement-breakpoint
update medical_questions set text_fr = 'Fumez-vous ?', options = case when options = '[{"ar":"لا أدخن","en":"Never"},{"ar":"مدخن سابق","en":"Former smoker"},{"ar":"مدخن حاليًا","en":"Current smoker"}]'::jsonb then '[{"ar":"لا أدخن","en":"Never","fr":"Jamais"},{"ar":"مدخن سابق","en":"Former smoker","fr":"Ancien fumeur"},{"ar":"مدخن حاليًا","en":"Current smoker","fr":"Fumeur actuel"}]'::jsonb else options end
where text_fr is null and alert_ar is null and sex is null and text_en = 'Do you smoke?' and text_ar = 'هل تدخن؟';
--> statement-breakpoint
update medical_categories set name_fr = 'Cœur et sang' where name_fr is null and name_en = 'Heart & blood' and name_ar = 'القلب والدم';
--> statement-breakpoint
update medical_questions set text_fr = 'Souffrez-vous d''hypertension artérielle ?'
where text_fr is null and alert_ar is null and sex is null and text_en = 'Do you have high blood pressure?' and text_ar = 'هل تعاني من ارتفاع ضغط الدم؟';
--> statement-breakpoint
update medical_questions set text_fr = 'Avez-vous une maladie cardiaque (infarctus, valvulopathie, stimulateur cardiaque) ?', alert_ar = 'مرض في القلب', alert_en = 'Heart disease', alert_fr = 'Maladie cardiaque'
where text_fr is null and alert_ar is null and sex is null and text_en = 'Do you have heart disease (heart attack, valve disease, pacemaker)?' and text_ar = 'هل تعاني من مرض في القلب (جلطة، صمامات، منظم ضربات)؟';
--> statement-breakpoint
update medical_questions set text_fr = 'Avez-vous un trouble de la coagulation ou prenez-vous des anticoagulants ?', alert_ar = 'اضطراب نزفي أو مميعات دم', alert_en = 'Bleeding disorder or blood thinners', alert_fr = 'Trouble de la coagulation ou anticoagulants'
where text_fr is null and alert_ar is null and sex is null and text_en = 'Do you have a bleeding disorder or take blood thinners (anticoagulants)?' and text_ar = 'هل لديك اضطراب نزفي أو تتناول مميعات الدم؟';
--> statement-breakpoint
update medical_categories set name_fr = 'Allergies' where name_fr is null and name_en = 'Allergies' and name_ar = 'الحساسية';
--> statement-breakpoint
update medical_questions set text_fr = 'Êtes-vous allergique à la pénicilline ?', alert_ar = 'حساسية من البنسلين', alert_en = 'Allergic to penicillin', alert_fr = 'Allergique à la pénicilline'
where text_fr is null and alert_ar is null and sex is null and text_en = 'Are you allergic to penicillin?' and text_ar = 'هل لديك حساسية من البنسلين؟';
--> statement-breakpoint
update medical_questions set text_fr = 'Êtes-vous allergique aux anesthésiques locaux ?', alert_ar = 'حساسية من التخدير الموضعي', alert_en = 'Allergic to local anaesthetics', alert_fr = 'Allergique aux anesthésiques locaux'
where text_fr is null and alert_ar is null and sex is null and text_en = 'Are you allergic to local anaesthetics?' and text_ar = 'هل لديك حساسية من التخدير الموضعي؟';
--> statement-breakpoint
update medical_questions set text_fr = 'Êtes-vous allergique à l''un des éléments suivants ?', alert_ar = 'حساسية', alert_en = 'Allergic', alert_fr = 'Allergique', options = case when options = '[{"ar":"اللاتكس (القفازات المطاطية)","en":"Latex (rubber gloves)"},{"ar":"الأسبرين أو المسكنات","en":"Aspirin or painkillers (NSAIDs)"},{"ar":"اليود","en":"Iodine"},{"ar":"أطعمة","en":"Foods"}]'::jsonb then '[{"ar":"اللاتكس (القفازات المطاطية)","en":"Latex (rubber gloves)","fr":"Latex (gants en caoutchouc)"},{"ar":"الأسبرين أو المسكنات","en":"Aspirin or painkillers (NSAIDs)","fr":"Aspirine ou anti-inflammatoires (AINS)"},{"ar":"اليود","en":"Iodine","fr":"Iode"},{"ar":"أطعمة","en":"Foods","fr":"Aliments"}]'::jsonb else options end
where text_fr is null and alert_ar is null and sex is null and text_en = 'Are you allergic to any of the following?' and text_ar = 'هل لديك حساسية من أي مما يلي؟';
--> statement-breakpoint
update medical_categories set name_fr = 'Femmes' where name_fr is null and name_en = 'Women' and name_ar = 'للسيدات';
--> statement-breakpoint
update medical_questions set text_fr = 'Êtes-vous enceinte ?', alert_ar = 'حامل', alert_en = 'Pregnant', alert_fr = 'Enceinte', sex = 'F', min_age = 12, max_age = 55
where text_fr is null and alert_ar is null and sex is null and text_en = 'Are you pregnant?' and text_ar = 'هل أنتِ حامل؟';
--> statement-breakpoint
update medical_questions set text_fr = 'Allaitez-vous ?', sex = 'F', min_age = 12, max_age = 55
where text_fr is null and alert_ar is null and sex is null and text_en = 'Are you breastfeeding?' and text_ar = 'هل ترضعين طبيعيًا؟';
--> statement-breakpoint
-- Branches' and clinics' numbers in E.164 (issue 18), as 0018 did for patients: an unambiguous number is rewritten
-- (separators dropped, 00 read as +, a national mobile of the clinic's country given its code); anything else (a
-- national fixed line, a wrong number) stays as stored and is read again, or refused, on the next save. Users'
-- mobiles were already stored as + and digits with separators dropped, which is E.164 for every valid number.
create function pg_temp.e164_number(raw text, country text) returns text language sql immutable as $$
  select case
      when d ~ '^\+[1-9][0-9]{7,14}$' then d
      when d ~ '^00[1-9][0-9]{7,14}$' then '+' || substr(d, 3)
      when country = 'CN3' and d ~ '^0?1[0125][0-9]{8}$' then '+20' || ltrim(d, '0')
      when country = 'CN2' and d ~ '^0?5[0-9]{8}$' then '+966' || ltrim(d, '0')
      when country = 'CN1' and d ~ '^0?7[01378][0-9]{7}$' then '+967' || ltrim(d, '0')
    end
  from (select regexp_replace(raw, '[[:space:]().-]', '', 'g') as d) x
$$;
--> statement-breakpoint
update branches b set mobile = pg_temp.e164_number(b.mobile, c.country_id)
from clinics c
where c.id = b.clinic_id and b.mobile is not null and pg_temp.e164_number(b.mobile, c.country_id) <> b.mobile;
--> statement-breakpoint
update clinics c set mobile = pg_temp.e164_number(c.mobile, c.country_id)
where c.mobile is not null and pg_temp.e164_number(c.mobile, c.country_id) <> c.mobile;
--> statement-breakpoint
drop function pg_temp.e164_number(text, text);
