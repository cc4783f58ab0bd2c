import type { Language } from '../enums.js';

type Texts = Record<Language, string>;

/**
 * The error catalogue (spec §8). `code` is stable and is what clients branch on; the message is sent in the
 * request's language. Access-denied codes BS11..DPS1 (spec §6) make the web app go back one page.
 */
export const ERROR_CATALOGUE = {
  unexpected: { status: 500, ar: 'حدث خطأ ما، يرجى المحاولة مرة أخرى', en: 'Something went wrong, please try again', fr: "Une erreur s'est produite, veuillez réessayer" },
  validation: { status: 400, ar: 'يرجى إدخال جميع البيانات المطلوبة', en: 'Fill all required data', fr: 'Veuillez remplir toutes les données requises' },
  field_required: { status: 400, ar: 'هذا الحقل مطلوب', en: 'This field is required', fr: 'Ce champ est obligatoire' },
  field_invalid: { status: 400, ar: 'قيمة غير صالحة', en: 'Invalid value', fr: 'Valeur non valide' },
  field_too_long: { status: 400, ar: 'القيمة أطول من المسموح', en: 'The value is too long', fr: 'La valeur est trop longue' },
  email_invalid: { status: 400, ar: 'أدخل بريدًا إلكترونيًا صحيحًا', en: 'Enter a valid email', fr: 'Saisissez une adresse e-mail valide' },
  phone_invalid: { status: 400, ar: 'رقم الهاتف غير صالح', en: 'Phone number not valid', fr: 'Numéro de téléphone non valide' },
  session_expired: { status: 401, ar: 'انتهت الجلسة، يرجى تسجيل الدخول مرة أخرى', en: 'Session expired, please login again', fr: 'Session expirée, veuillez vous reconnecter' },
  not_authorized_page: { status: 403, ar: 'غير مصرح لك بالوصول إلى هذه الصفحة', en: 'You are not authorized to access this page', fr: "Vous n'êtes pas autorisé à accéder à cette page" },
  action_not_allowed: { status: 403, ar: 'غير مسموح لك بالقيام بهذا الإجراء', en: 'You are not allowed to do this action', fr: "Vous n'êtes pas autorisé à effectuer cette action" },
  BS11: { status: 403, ar: 'تم رفض الوصول: الصلاحية مطلوبة', en: 'Access denied: permission required', fr: 'Accès refusé : autorisation requise' },
  BS13: { status: 403, ar: 'قم بالترقية للوصول إلى هذه الميزة', en: 'Upgrade to access this feature', fr: 'Passez à une offre supérieure pour accéder à cette fonctionnalité' },
  BS14: { status: 403, ar: 'تم رفض الوصول: دورك لا يسمح بهذه الصفحة', en: 'Access denied: your role cannot open this page', fr: 'Accès refusé : votre rôle ne permet pas cette page' },
  BS15: { status: 403, ar: 'تم رفض الوصول: لا يمكنك العمل في هذا الفرع', en: 'Access denied: you cannot work in this branch', fr: 'Accès refusé : vous ne pouvez pas travailler dans cette succursale' },
  BS16: { status: 403, ar: 'تم رفض الوصول: العيادة لا تطابق الجلسة', en: 'Access denied: the clinic does not match your session', fr: 'Accès refusé : la clinique ne correspond pas à votre session' },
  account_not_active: { status: 403, ar: 'الحساب غير مفعل', en: 'Account not active', fr: 'Compte non actif' },
  invalid_credential: { status: 400, ar: 'بيانات الدخول غير صحيحة', en: 'Invalid credential', fr: 'Identifiants invalides' },
  too_many_attempts: { status: 429, ar: 'محاولات كثيرة، حاول مرة أخرى بعد قليل', en: 'Too many attempts, try again in a few minutes', fr: 'Trop de tentatives, réessayez dans quelques minutes' },
  incorrect_code: { status: 400, ar: 'الرمز غير صحيح أو منتهي الصلاحية', en: 'Incorrect code', fr: 'Code incorrect' },
  user_not_found: { status: 404, ar: 'المستخدم غير موجود', en: 'User not found', fr: 'Utilisateur introuvable' },
  email_not_exist: { status: 404, ar: 'البريد الإلكتروني غير موجود', en: 'Email not exist', fr: "L'adresse e-mail n'existe pas" },
  email_used: { status: 409, ar: 'البريد الإلكتروني مستخدم بالفعل', en: 'Email already used', fr: 'Adresse e-mail déjà utilisée' },
  phone_exists: { status: 409, ar: 'رقم الهاتف موجود بالفعل', en: 'Phone number exists', fr: 'Le numéro de téléphone existe déjà' },
  phone_or_username_exists: { status: 409, ar: 'رقم الهاتف أو اسم المستخدم موجود بالفعل', en: 'Phone number or username exist', fr: "Le numéro de téléphone ou le nom d'utilisateur existe déjà" },
  clinic_name_exists: { status: 409, ar: 'اسم العيادة موجود بالفعل', en: 'Clinic name exists', fr: 'Le nom de la clinique existe déjà' },
  clinic_name_invalid: { status: 400, ar: 'اسم العيادة من 3 إلى 50 حرفًا لاتينيًا أو رقمًا أو شرطة', en: 'The clinic name is 3 to 50 Latin letters, digits or dashes', fr: 'Le nom de la clinique comporte 3 à 50 lettres latines, chiffres ou tirets' },
  user_name_invalid: { status: 400, ar: 'اسم المستخدم من 3 إلى 50 حرفًا لاتينيًا أو رقمًا أو نقطة أو شرطة سفلية، بدون مسافات', en: 'The user name is 3 to 50 Latin letters, digits, dots or underscores, without spaces', fr: "Le nom d'utilisateur comporte 3 à 50 lettres latines, chiffres, points ou tirets bas, sans espaces" },
  time_zone_invalid: { status: 400, ar: 'المنطقة الزمنية غير معروفة', en: 'Unknown time zone', fr: 'Fuseau horaire inconnu' },
  clinic_not_found: { status: 404, ar: 'العيادة غير موجودة', en: 'Clinic not found', fr: 'Clinique introuvable' },
  branch_exists: { status: 409, ar: 'اسم الفرع أو رقم الهاتف موجود بالفعل', en: 'Branch name or mobile already exists', fr: 'Le nom ou le mobile de la succursale existe déjà' },
  branch_null: { status: 400, ar: 'الفرع غير محدد', en: 'Branch is null', fr: "La succursale n'est pas indiquée" },
  cannot_delete_last_branch: { status: 409, ar: 'لا يمكن حذف الفرع الوحيد للعيادة', en: "Can't delete the clinic's only branch", fr: "Impossible de supprimer l'unique succursale de la clinique" },
  branch_has_home_users: { status: 409, ar: 'لا يمكن حذف فرع هو الفرع الأساسي لبعض المستخدمين، انقلهم إلى فرع آخر أولاً', en: "Can't delete a branch that is some users' home branch; move them to another branch first", fr: "Impossible de supprimer la succursale principale de certains utilisateurs ; déplacez-les d'abord vers une autre succursale" },
  website_no_protocol: { status: 400, ar: 'يرجى إزالة http أو https من رابط الموقع الإلكتروني', en: 'Please remove http or https from the website URL', fr: "Veuillez retirer http ou https de l'adresse du site web" },
  vat_percentage_invalid: { status: 400, ar: 'نسبة الضريبة من 0 إلى 100 برقمين عشريين على الأكثر', en: 'VAT is a percentage from 0 to 100 with at most 2 decimals', fr: 'La TVA est un pourcentage de 0 à 100 avec au plus 2 décimales' },
  booking_interval_invalid: { status: 400, ar: 'مدة الحجز من 5 إلى 240 دقيقة', en: 'The booking interval is 5 to 240 minutes', fr: "L'intervalle de réservation est de 5 à 240 minutes" },
  time_start_before_end: { status: 400, ar: 'يجب أن يكون وقت البداية قبل وقت النهاية', en: 'Start must be before end', fr: 'Le début doit précéder la fin' },
  cannot_delete_branch: { status: 409, ar: 'لا يمكن حذف فرع به مرضى', en: "Can't delete a branch with patients", fr: 'Impossible de supprimer une succursale avec des patients' },
  cannot_delete_clinic: { status: 409, ar: 'لا يمكن حذف عيادة لها فروع', en: "Can't delete a clinic with branches", fr: 'Impossible de supprimer une clinique avec des succursales' },
  cannot_delete_procedure: { status: 409, ar: 'لا يمكن حذف الإجراء', en: "Can't delete procedure", fr: 'Impossible de supprimer la procédure' },
  cannot_delete_patient_balance: { status: 409, ar: 'لا يمكن حذف مريض رصيده سالب', en: "Can't delete a patient with negative balance", fr: 'Impossible de supprimer un patient au solde négatif' },
  cannot_delete_default_insurance: { status: 409, ar: 'لا يمكن حذف شركة التأمين الافتراضية', en: "Can't delete the default insurance company", fr: "Impossible de supprimer l'assurance par défaut" },
  cannot_delete_in_use: { status: 409, ar: 'لا يمكن الحذف لأنه مستخدم', en: "Can't delete: it is in use", fr: 'Suppression impossible : élément utilisé' },
  cannot_delete_default_role: { status: 409, ar: 'لا يمكن حذف دور افتراضي', en: "Can't delete a default role", fr: 'Impossible de supprimer un rôle par défaut' },
  permissions_fixed: { status: 409, ar: 'قائمة الصلاحيات ثابتة ولا يمكن تعديلها؛ عدّل صلاحيات الأدوار بدلًا من ذلك', en: "The permission list is fixed and can't be changed; edit the roles' permissions instead", fr: "La liste des autorisations est fixe ; modifiez plutôt les autorisations des rôles" },
  cannot_deactivate_default: { status: 409, ar: 'لا يمكن إيقاف العنصر الافتراضي', en: "Can't deactivate the default item", fr: "Impossible de désactiver l'élément par défaut" },
  balance_less_than_credit: { status: 400, ar: 'لا يمكن إضافة الدفعة لأن الرصيد أقل من المستحق', en: "Can't add payment because balance is less than credit", fr: "Impossible d'ajouter le paiement : le solde est inférieur au crédit" },
  patient_not_found: { status: 404, ar: 'المريض غير موجود', en: 'Patient not found', fr: 'Patient introuvable' },
  not_found: { status: 404, ar: 'المعرف غير موجود', en: 'ID not found', fr: 'Identifiant introuvable' },
  route_not_found: { status: 404, ar: 'الطلب غير موجود', en: 'No such call', fr: "Cet appel n'existe pas" },
  not_saved: { status: 400, ar: 'لم يتم الحفظ', en: 'Not saved', fr: 'Non enregistré' },
  not_updated: { status: 400, ar: 'لم يتم التحديث بنجاح', en: 'Not updated successfully', fr: 'Mise à jour échouée' },
  request_not_editable: { status: 409, ar: 'لا يمكن تعديل الطلب بعد بدء العمل عليه', en: 'A request can only be edited while it is new', fr: 'Une demande ne peut être modifiée que tant qu’elle est nouvelle' },
  send_failed: { status: 502, ar: 'فشل الإرسال', en: 'Send failed', fr: "Échec de l'envoi" },
  name_exists: { status: 409, ar: 'الاسم موجود بالفعل', en: 'Already exists', fr: 'Existe déjà' },
  invalid_image_type: { status: 400, ar: 'نوع الصورة غير صالح (jpg, jpeg, png, svg, gif)', en: 'Invalid image type (jpg, jpeg, png, svg, gif)', fr: "Type d'image non valide (jpg, jpeg, png, svg, gif)" },
  file_too_large: { status: 413, ar: 'الملف أكبر من المسموح', en: 'The file is too large', fr: 'Le fichier est trop volumineux' },
  attachment_too_large: { status: 413, ar: 'حجم الملف يتجاوز 15 ميجابايت', en: 'A file is larger than 15 MB', fr: 'Un fichier dépasse 15 Mo' },
  too_many_files: { status: 400, ar: 'يمكن رفع 10 ملفات على الأكثر في المرة الواحدة', en: 'Upload at most 10 files at a time', fr: 'Envoyez au plus 10 fichiers à la fois' },
  file_link_invalid: { status: 403, ar: 'رابط الملف غير صالح أو انتهت صلاحيته، افتح المرفقات مرة أخرى', en: 'This file link is invalid or has expired; open the attachments again', fr: 'Ce lien de fichier est invalide ou a expiré ; rouvrez les pièces jointes' },
  note_too_long: { status: 400, ar: 'الملاحظة 2000 حرف على الأكثر', en: 'A note is at most 2000 characters', fr: 'Une note comporte au plus 2000 caractères' },
  invalid_working_hours: { status: 400, ar: 'ساعات العمل غير صالحة', en: 'Invalid working hours', fr: 'Heures de travail non valides' },
  sms_trial: { status: 403, ar: 'الرسائل النصية غير متاحة في الفترة التجريبية', en: 'SMS not available in trial', fr: "Les SMS ne sont pas disponibles pendant l'essai" },
  add_rooms_first: { status: 400, ar: 'أضف الغرف أولاً', en: 'Add rooms first', fr: "Ajoutez d'abord des salles" },
  coverage_percentage_invalid: { status: 400, ar: 'نسبة التغطية من 0 إلى 100 برقمين عشريين على الأكثر', en: 'Coverage is a percentage from 0 to 100 with at most 2 decimals', fr: 'La couverture est un pourcentage de 0 à 100 avec au plus 2 décimales' },
  amount_invalid: { status: 400, ar: 'أدخل مبلغًا أكبر من صفر برقمين عشريين على الأكثر', en: 'Enter an amount above zero with at most 2 decimals', fr: 'Saisissez un montant supérieur à zéro avec au plus 2 décimales' },
  max_amount_exceeded: { status: 400, ar: 'تم تجاوز الحد الأقصى للمبلغ', en: 'Max amount exceeded', fr: 'Montant maximal dépassé' },
  no_discount_permission: { status: 403, ar: 'لا توجد صلاحية لتطبيق الخصم', en: 'No permission granted to apply discount', fr: "Aucune autorisation d'appliquer une remise" },
  outside_working_hours: { status: 400, ar: 'الموعد خارج ساعات العمل', en: 'Appointment is outside working hours', fr: "Le rendez-vous est en dehors des heures de travail" },
  approval_required: { status: 400, ar: 'الموافقة مطلوبة لتحديث حالة الإجراء', en: 'Approval is required to update procedure status', fr: "Une approbation est requise pour modifier le statut de l'acte" },
  password_lowercase: { status: 400, ar: 'يجب أن تحتوي كلمة المرور على حرف صغير', en: 'Password must contain a lowercase letter', fr: 'Le mot de passe doit contenir une lettre minuscule' },
  password_uppercase: { status: 400, ar: 'يجب أن تحتوي كلمة المرور على حرف كبير', en: 'Password must contain an uppercase letter', fr: 'Le mot de passe doit contenir une lettre majuscule' },
  password_digit: { status: 400, ar: 'يجب أن تحتوي كلمة المرور على رقم', en: 'Password must contain a digit', fr: 'Le mot de passe doit contenir un chiffre' },
  password_special: { status: 400, ar: 'يجب أن تحتوي كلمة المرور على رمز خاص من !@#$%^&*', en: 'Password must contain a special character from !@#$%^&*', fr: 'Le mot de passe doit contenir un caractère spécial parmi !@#$%^&*' },
  password_length: { status: 400, ar: 'يجب أن تكون كلمة المرور من 8 أحرف على الأقل', en: 'Password must be at least 8 characters', fr: 'Le mot de passe doit contenir au moins 8 caractères' },
  password_mismatch: { status: 400, ar: 'كلمتا المرور غير متطابقتين', en: 'Passwords do not match', fr: 'Les mots de passe ne correspondent pas' },
  password_wrong: { status: 400, ar: 'كلمة المرور الحالية غير صحيحة', en: 'The current password is wrong', fr: 'Le mot de passe actuel est incorrect' },
  home_branch_required: { status: 400, ar: 'يجب أن يكون الفرع الرئيسي من فروع المستخدم', en: "The home branch must be one of the user's branches", fr: "La succursale principale doit faire partie des succursales de l'utilisateur" },
  last_owner: { status: 409, ar: 'لا يمكن حذف أو إيقاف آخر مالك نشط للعيادة', en: "The clinic's last active owner cannot be deleted or deactivated", fr: 'Le dernier propriétaire actif de la clinique ne peut être ni supprimé ni désactivé' },
  national_id_length_10: { status: 400, ar: 'يجب أن يتكون الرقم القومي من 10 أرقام', en: 'The national ID must be 10 digits', fr: "Le numéro d'identité nationale doit comporter 10 chiffres" },
  national_id_length_14: { status: 400, ar: 'يجب أن يتكون الرقم القومي من 14 رقمًا', en: 'The national ID must be 14 digits', fr: "Le numéro d'identité nationale doit comporter 14 chiffres" },
  national_id_digits: { status: 400, ar: 'الرقم القومي أرقام فقط', en: 'The national ID has digits only', fr: "Le numéro d'identité nationale ne contient que des chiffres" },
  date_after_start: { status: 400, ar: 'يجب أن يكون التاريخ بعد تاريخ البداية', en: 'The date must be after the start date', fr: 'La date doit être postérieure à la date de début' },
  patient_search_min: { status: 400, ar: 'البحث يحتاج 3 أحرف على الأقل', en: 'Search needs at least 3 characters', fr: 'La recherche nécessite au moins 3 caractères' },
  select_one_or_more: { status: 400, ar: 'اختر عنصرًا واحدًا أو أكثر', en: 'Select one or more', fr: 'Sélectionnez un ou plusieurs éléments' },
  patient_name_exists: { status: 409, ar: 'يوجد مريض بنفس الاسم، هل تريد الإضافة على أي حال؟', en: 'A patient with this name already exists. Add anyway?', fr: 'Un patient porte déjà ce nom. Ajouter quand même ?' },
  patient_not_waiting: { status: 409, ar: 'المريض ليس في انتظار الموافقة', en: 'The patient is not waiting for approval', fr: "Le patient n'attend pas d'approbation" },
  cannot_delete_medical_category: { status: 409, ar: 'لا يمكن حذف فئة طبية بها أسئلة؛ احذف أسئلتها أو انقلها إلى فئة أخرى أولاً', en: "Can't delete a medical category that has questions; delete or move its questions first", fr: "Impossible de supprimer une catégorie médicale qui contient des questions ; supprimez ou déplacez d'abord ses questions" },
  answer_required: { status: 400, ar: 'الإجابة مطلوبة', en: 'An answer is required', fr: 'Une réponse est requise' },
  medical_options_min: { status: 400, ar: 'أضف خيارين على الأقل لسؤال الاختيار', en: 'Add at least two options to a choice question', fr: 'Ajoutez au moins deux options à une question à choix' },
  medical_options_yes_no: { status: 400, ar: 'سؤال نعم/لا ليس له خيارات', en: 'A yes/no question has no options', fr: "Une question oui/non n'a pas d'options" },
  select_tooth: { status: 400, ar: 'اختر سنًا واحدة على الأقل', en: 'Select at least one tooth', fr: 'Sélectionnez au moins une dent' },
  select_surface: { status: 400, ar: 'اختر سطحًا واحدًا على الأقل', en: 'Select at least one surface', fr: 'Sélectionnez au moins une surface' },
  tooth_invalid: { status: 400, ar: 'رقم السن غير صالح', en: 'Not a valid tooth number', fr: 'Numéro de dent non valide' },
  canal_length_invalid: { status: 400, ar: 'طول القناة بالمليمتر من 0.5 إلى 99.99 برقمين عشريين على الأكثر', en: 'The canal length is 0.5 to 99.99 mm with at most 2 decimals', fr: 'La longueur du canal est de 0,5 à 99,99 mm avec au plus 2 décimales' },
  no_internet: { status: 0, ar: 'لا يوجد اتصال بالإنترنت', en: 'No internet connection', fr: 'Pas de connexion Internet' },
} as const satisfies Record<string, Texts & { status: number }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ACCESS_DENIED_CODES = ['BS11', 'BS13', 'BS14', 'BS15', 'BS16', 'SO3', 'SO4', 'CS2', 'CS3', 'PS1', 'DPS1'] as const;

export function errorMessage(code: ErrorCode, lang: Language): string {
  return ERROR_CATALOGUE[code][lang];
}

/** The body of every failed call. */
export interface ErrorBody {
  code: ErrorCode | string;
  message: string;
  errors?: Record<string, string>;
}
