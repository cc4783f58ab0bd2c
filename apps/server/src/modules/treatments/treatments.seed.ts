import type { ToothSelection } from '@dental/contract';
import { eq } from 'drizzle-orm';
import { clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { priceListProcedures, procedures, treatmentBranches } from './treatments.table.js';

type Names = [ar: string, en: string, fr: string];
/** ADA/CDT code, names, price in EGP, price in SAR, what the chart must pick. */
type DemoProcedure = [code: string, names: Names, egp: number, sar: number, tooth: ToothSelection];

/**
 * The demo catalogue: 8 treatment branches, 62 procedures with their ADA/CDT codes, names in ar, en and fr, and
 * prices that make sense in Egypt (EGP, clinic `demo`) and Saudi Arabia (SAR, clinic `riyadh`). `inSecondBranch`:
 * the demo clinic's second branch starts with only these branches' procedures (so a copy has work to do).
 */
export const DEMO_CATALOGUE: Array<{ names: Names; inSecondBranch: boolean; procedures: DemoProcedure[] }> = [
  {
    names: ['التشخيص والوقاية', 'Diagnosis & preventive', 'Diagnostic et prévention'],
    inSecondBranch: true,
    procedures: [
      ['D0150', ['فحص شامل للفم والأسنان', 'Comprehensive oral evaluation', 'Examen bucco-dentaire complet'], 300, 150, 'none'],
      ['D0140', ['كشف طارئ', 'Limited (emergency) evaluation', "Examen d'urgence limité"], 200, 100, 'none'],
      ['D0120', ['كشف دوري', 'Periodic oral evaluation', 'Examen périodique'], 150, 80, 'none'],
      ['D0220', ['أشعة صغيرة حول الذروة', 'Periapical radiograph', 'Radiographie périapicale'], 100, 50, 'tooth'],
      ['D0272', ['أشعة جناحية (فيلمان)', 'Bitewing radiographs (two films)', 'Radiographies rétrocoronaires (deux clichés)'], 150, 80, 'none'],
      ['D0330', ['أشعة بانوراما', 'Panoramic radiograph', 'Radiographie panoramique'], 350, 200, 'none'],
      ['D0367', ['أشعة مقطعية ثلاثية الأبعاد للفكين', 'CBCT scan, both jaws', 'Tomographie volumique (CBCT) des deux arcades'], 1200, 600, 'none'],
      ['D1110', ['تنظيف الجير وتلميع الأسنان', 'Adult prophylaxis (scaling and polishing)', 'Détartrage et polissage (adulte)'], 600, 300, 'none'],
      ['D1206', ['ورنيش الفلورايد', 'Fluoride varnish', 'Vernis fluoré'], 300, 150, 'none'],
      ['D1351', ['حشو وقائي للشقوق (سيلانت)', 'Pit and fissure sealant, per tooth', 'Scellement des sillons, par dent'], 250, 150, 'tooth'],
    ],
  },
  {
    names: ['العلاج الترميمي والتجميلي', 'Restorative & cosmetic', 'Dentisterie restauratrice et esthétique'],
    inSecondBranch: true,
    procedures: [
      ['D2140', ['حشو أملغم سطح واحد', 'Amalgam filling, one surface', "Obturation à l'amalgame, une face"], 400, 250, 'surface'],
      ['D2150', ['حشو أملغم سطحان', 'Amalgam filling, two surfaces', "Obturation à l'amalgame, deux faces"], 550, 350, 'surface'],
      ['D2330', ['حشو كومبوزيت أمامي سطح واحد', 'Composite filling, anterior, one surface', 'Composite antérieur, une face'], 600, 350, 'surface'],
      ['D2391', ['حشو كومبوزيت خلفي سطح واحد', 'Composite filling, posterior, one surface', 'Composite postérieur, une face'], 700, 400, 'surface'],
      ['D2392', ['حشو كومبوزيت خلفي سطحان', 'Composite filling, posterior, two surfaces', 'Composite postérieur, deux faces'], 900, 500, 'surface'],
      ['D2393', ['حشو كومبوزيت خلفي ثلاثة أسطح', 'Composite filling, posterior, three surfaces', 'Composite postérieur, trois faces'], 1100, 600, 'surface'],
      ['D2950', ['بناء قلب السن', 'Core build-up', 'Reconstitution du moignon'], 800, 450, 'tooth'],
      ['D2962', ['قشرة خزفية (فينير)', 'Porcelain veneer', 'Facette en céramique'], 4500, 1800, 'tooth'],
      ['D9972', ['تبييض الأسنان بالعيادة', 'Teeth whitening (in office)', 'Blanchiment dentaire au cabinet'], 3500, 1500, 'none'],
    ],
  },
  {
    names: ['علاج الجذور (العصب)', 'Endodontics', 'Endodontie'],
    inSecondBranch: true,
    procedures: [
      ['D3110', ['تغطية لبية مباشرة', 'Direct pulp capping', 'Coiffage pulpaire direct'], 500, 250, 'tooth'],
      ['D3220', ['بتر اللب', 'Pulpotomy', 'Pulpotomie'], 700, 400, 'tooth'],
      ['D3310', ['علاج جذور سن أمامي', 'Root canal treatment, anterior tooth', 'Traitement endodontique, dent antérieure'], 1800, 900, 'tooth'],
      ['D3320', ['علاج جذور ضاحك', 'Root canal treatment, premolar', 'Traitement endodontique, prémolaire'], 2200, 1100, 'tooth'],
      ['D3330', ['علاج جذور ضرس', 'Root canal treatment, molar', 'Traitement endodontique, molaire'], 3000, 1400, 'tooth'],
      ['D3347', ['إعادة علاج جذور ضرس', 'Root canal retreatment, molar', 'Retraitement endodontique, molaire'], 3800, 1800, 'tooth'],
      ['D3410', ['قطع قمة الجذر لسن أمامي', 'Apicoectomy, anterior tooth', 'Apicectomie, dent antérieure'], 3000, 1500, 'tooth'],
    ],
  },
  {
    names: ['علاج اللثة', 'Periodontics', 'Parodontologie'],
    inSecondBranch: false,
    procedures: [
      ['D4341', ['تنظيف وتسوية الجذور لربع الفك', 'Scaling and root planing, per quadrant', 'Surfaçage radiculaire, par quadrant'], 900, 500, 'none'],
      ['D4342', ['تنظيف وتسوية الجذور من سن إلى ثلاثة', 'Scaling and root planing, one to three teeth', 'Surfaçage radiculaire, une à trois dents'], 600, 300, 'tooth'],
      ['D4355', ['إزالة الجير الكاملة للفم', 'Full mouth debridement', 'Débridement complet de la bouche'], 800, 400, 'none'],
      ['D4910', ['متابعة علاج اللثة', 'Periodontal maintenance', 'Maintenance parodontale'], 600, 300, 'none'],
      ['D4210', ['قطع اللثة لربع الفك', 'Gingivectomy, per quadrant', 'Gingivectomie, par quadrant'], 2000, 1000, 'none'],
      ['D4260', ['جراحة عظمية للثة لربع الفك', 'Osseous surgery, per quadrant', 'Chirurgie osseuse parodontale, par quadrant'], 4000, 2000, 'none'],
      ['D4273', ['ترقيع نسيج ضام للثة', 'Connective tissue graft', 'Greffe de tissu conjonctif'], 5000, 2500, 'tooth'],
    ],
  },
  {
    names: ['التركيبات الثابتة والمتحركة', 'Prosthodontics (fixed & removable)', 'Prothèses fixes et amovibles'],
    inSecondBranch: false,
    procedures: [
      ['D2740', ['تاج زركونيا', 'Zirconia crown', 'Couronne en zircone'], 5000, 2000, 'tooth'],
      ['D2750', ['تاج خزف على معدن', 'Porcelain fused to metal crown', 'Couronne céramo-métallique'], 3000, 1400, 'tooth'],
      ['D2790', ['تاج معدني كامل', 'Full cast metal crown', 'Couronne métallique coulée'], 2200, 1000, 'tooth'],
      ['D2954', ['وتد وقلب جاهز', 'Prefabricated post and core', 'Tenon préfabriqué et reconstitution'], 900, 500, 'tooth'],
      ['D6240', ['دمية جسر خزف على معدن', 'Bridge pontic, porcelain fused to metal', 'Intermédiaire de bridge céramo-métallique'], 3000, 1400, 'tooth'],
      ['D2920', ['إعادة تثبيت تاج', 'Re-cement crown', 'Rescellement de couronne'], 300, 200, 'tooth'],
      ['D5110', ['طقم كامل علوي', 'Complete denture, upper', 'Prothèse complète maxillaire'], 6000, 3000, 'none'],
      ['D5120', ['طقم كامل سفلي', 'Complete denture, lower', 'Prothèse complète mandibulaire'], 6000, 3000, 'none'],
      ['D5213', ['طقم جزئي علوي بهيكل معدني', 'Partial denture, upper, cast metal framework', 'Prothèse partielle maxillaire à châssis métallique'], 5500, 2800, 'none'],
      ['D5820', ['طقم جزئي مؤقت علوي', 'Interim partial denture, upper', 'Prothèse partielle provisoire maxillaire'], 2000, 1000, 'none'],
      ['D5730', ['تبطين طقم علوي بالعيادة', 'Denture reline, upper, chairside', 'Rebasage de prothèse maxillaire au fauteuil'], 800, 400, 'none'],
    ],
  },
  {
    names: ['جراحة الفم وزراعة الأسنان', 'Oral surgery & implants', 'Chirurgie buccale et implantologie'],
    inSecondBranch: false,
    procedures: [
      ['D7140', ['خلع بسيط', 'Simple extraction', 'Extraction simple'], 400, 250, 'tooth'],
      ['D7210', ['خلع جراحي', 'Surgical extraction', 'Extraction chirurgicale'], 1200, 600, 'tooth'],
      ['D7220', ['خلع ضرس مدفون في الأنسجة الرخوة', 'Impacted tooth removal, soft tissue', 'Extraction de dent incluse, tissus mous'], 1500, 800, 'tooth'],
      ['D7240', ['خلع ضرس مدفون كليًا في العظم', 'Impacted tooth removal, completely bony', 'Extraction de dent incluse, totalement osseuse'], 2500, 1300, 'tooth'],
      ['D7310', ['تسوية العظم السنخي لربع الفك', 'Alveoloplasty, per quadrant', 'Alvéoloplastie, par quadrant'], 1200, 700, 'none'],
      ['D7953', ['ترقيع عظمي لمكان الخلع', 'Bone graft at the extraction site', "Greffe osseuse du site d'extraction"], 3500, 1800, 'tooth'],
      ['D6010', ['زراعة سن (غرسة)', 'Implant placement', "Pose d'implant"], 15000, 4500, 'tooth'],
      ['D6065', ['تاج خزفي على زرعة', 'Implant-supported ceramic crown', 'Couronne céramique sur implant'], 7000, 2800, 'tooth'],
    ],
  },
  {
    names: ['تقويم الأسنان', 'Orthodontics', 'Orthodontie'],
    inSecondBranch: false,
    procedures: [
      ['D8080', ['تقويم ثابت شامل للمراهقين', 'Comprehensive orthodontic treatment, adolescent', 'Traitement orthodontique complet, adolescent'], 25000, 12000, 'none'],
      ['D8090', ['تقويم ثابت شامل للبالغين', 'Comprehensive orthodontic treatment, adult', 'Traitement orthodontique complet, adulte'], 30000, 14000, 'none'],
      ['D8670', ['زيارة متابعة التقويم', 'Periodic orthodontic visit', 'Visite orthodontique de contrôle'], 500, 300, 'none'],
      ['D8680', ['مثبتات بعد التقويم', 'Orthodontic retention (retainers)', 'Contention orthodontique'], 2500, 1200, 'none'],
      ['D8210', ['جهاز متحرك لمنع العادات', 'Removable habit appliance', 'Appareil amovible anti-habitudes'], 3000, 1500, 'none'],
    ],
  },
  {
    names: ['طب أسنان الأطفال', 'Pediatric dentistry', 'Pédodontie'],
    inSecondBranch: false,
    procedures: [
      ['D1120', ['تنظيف أسنان الأطفال', 'Child prophylaxis', "Prophylaxie de l'enfant"], 350, 200, 'none'],
      ['D3230', ['استئصال لب سن لبني', 'Pulpectomy, primary tooth', 'Pulpectomie, dent temporaire'], 900, 500, 'tooth'],
      ['D2930', ['تاج معدني لسن لبني', 'Stainless steel crown, primary tooth', 'Couronne préformée en acier, dent temporaire'], 900, 450, 'tooth'],
      ['D1510', ['حافظ مسافة ثابت أحادي الجانب', 'Space maintainer, fixed unilateral', "Mainteneur d'espace fixe unilatéral"], 1500, 700, 'tooth'],
      ['D7111', ['خلع سن لبني', 'Extraction, primary tooth', 'Extraction de dent temporaire'], 250, 150, 'tooth'],
    ],
  },
];

/**
 * Seeds the demo catalogue in the clinic's currency (SAR prices for a SAR clinic, else EGP) with insurance prices
 * 10 % above, and the price lists: the first branch has every procedure, a second branch only those of the
 * `inSecondBranch` treatment branches.
 */
export async function seedDemoCatalogue(db: Db, clinicId: number, branchIds: number[]) {
  await withTenant(db, clinicId, async (tx) => {
    const [clinic] = await tx.select({ currency: clinics.currency }).from(clinics).where(eq(clinics.id, clinicId));
    const sar = clinic?.currency === 'SAR';
    for (const [order, group] of DEMO_CATALOGUE.entries()) {
      const [ar, en, fr] = group.names;
      const [branch] = await tx
        .insert(treatmentBranches)
        .values({ clinicId, nameAr: ar, nameEn: en, nameFr: fr, sortOrder: order + 1 })
        .returning({ id: treatmentBranches.id });
      const rows = await tx
        .insert(procedures)
        .values(
          group.procedures.map(([code, [nameAr, nameEn, nameFr], egp, sarPrice, toothSelection]) => {
            const price = sar ? sarPrice : egp;
            return {
              clinicId, treatmentBranchId: branch!.id, code, nameAr, nameEn, nameFr, toothSelection,
              price: String(price), insurancePrice: String(Math.round((price * 11) / 10)),
            };
          }),
        )
        .returning({ id: procedures.id, price: procedures.price, insurancePrice: procedures.insurancePrice });
      const lists = branchIds.filter((_, i) => i === 0 || group.inSecondBranch);
      for (const branchId of lists)
        await tx.insert(priceListProcedures).values(
          rows.map((p) => ({ clinicId, branchId, procedureId: p.id, price: p.price, insurancePrice: p.insurancePrice })),
        );
    }
  });
}
