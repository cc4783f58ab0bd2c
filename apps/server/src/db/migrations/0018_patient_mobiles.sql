-- hand-written below
-- Patients' mobiles in E.164 (issue 18). The server now reads a typed mobile against the clinic's country with
-- libphonenumber and stores E.164 (+201001234567). Existing rows: a mobile that is unambiguous is rewritten: separators
-- (spaces, dashes, dots, brackets) dropped from an international number, 00 read as +, and a national mobile of the
-- clinic's country with or without its trunk 0 (Egypt 01x + 8 digits, Saudi Arabia 05 + 8, Yemen 07x + 7) given its
-- code. Anything else is left as it is (shown as stored, refused on the next save until corrected). The quick
-- search's words of the rewritten patients are written again (as refreshSearchWords does).
create temporary table patient_mobile_fix on commit drop as
select p.clinic_id, p.id, case
    when d ~ '^\+[1-9][0-9]{7,14}$' then d
    when d ~ '^00[1-9][0-9]{7,14}$' then '+' || substr(d, 3)
    when c.country_id = 'CN3' and d ~ '^0?1[0125][0-9]{8}$' then '+20' || ltrim(d, '0')
    when c.country_id = 'CN2' and d ~ '^0?5[0-9]{8}$' then '+966' || ltrim(d, '0')
    when c.country_id = 'CN1' and d ~ '^0?7[01378][0-9]{7}$' then '+967' || ltrim(d, '0')
  end as mobile
from patients p
join clinics c on c.id = p.clinic_id
cross join lateral (select regexp_replace(p.mobile, '[[:space:]().-]', '', 'g') as d) x
where p.mobile is not null;
--> statement-breakpoint
delete from patient_mobile_fix f using patients p
where f.mobile is null or (p.clinic_id = f.clinic_id and p.id = f.id and p.mobile = f.mobile);
--> statement-breakpoint
update patients p set mobile = f.mobile from patient_mobile_fix f where p.clinic_id = f.clinic_id and p.id = f.id;
--> statement-breakpoint
delete from patient_search_words w using patient_mobile_fix f where w.clinic_id = f.clinic_id and w.patient_id = f.id;
--> statement-breakpoint
insert into patient_search_words (clinic_id, word, patient_id, name_normalized, listed)
select distinct p.clinic_id, w.word, p.id, p.name_normalized, p.approval_status = 'approved' and p.deleted_at is null
from patients p
join patient_mobile_fix f on f.clinic_id = p.clinic_id and f.id = p.id
cross join lateral (select regexp_replace(coalesce(p.mobile, ''), '\D', '', 'g') as digits) m
cross join lateral unnest(
  string_to_array(p.name_normalized, ' ')
  || case when m.digits = '' then array[]::text[]
          else array[m.digits, substr(m.digits, 2), substr(m.digits, 3), substr(m.digits, 4)] end
) as w(word)
where w.word <> ''
on conflict do nothing;
