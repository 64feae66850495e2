/**
 * The active substances (and the excipients a patient may react to) that the formulary's drugs are made of
 * (docs/prescribing.md). A drug lists its ingredients; each ingredient has its classes (drug-classes.ts), its names
 * as written in the UK, the US and in Arabic, and the source of its class assignment: its WHO ATC code
 * (https://atcddd.fhi.no/atc_ddd_index/, searchable by code) or the label that puts it there (the sulfonamide moiety
 * of the carbonic anhydrase inhibitors is in their SmPCs, not in ATC).
 *
 * Ids are the English name in camel case; a drug of the formulary names them (`ingredients[].substance`), and so
 * does a patient's allergy. An id is never reused for another substance.
 */
export interface IngredientDef {
  id: string;
  /** The INN as the BNF writes it (aciclovir, ciclosporin). */
  en: string;
  ar: string;
  classes: readonly string[];
  /** Other spellings and salts in English (the USAN: acyclovir, cyclosporine) and Arabic. */
  names: readonly string[];
  source: string;
  /** Not an active substance: a preservative or another excipient a patient may be allergic to. */
  excipient?: boolean;
}

const ing = (
  id: string,
  en: string,
  ar: string,
  classes: readonly string[],
  source: string,
  names: readonly string[] = [],
): IngredientDef => ({ id, en, ar, classes, source, names });

const excipient = (
  id: string,
  en: string,
  ar: string,
  source: string,
  names: readonly string[] = [],
): IngredientDef => ({ id, en, ar, classes: ['preservative'], source, names, excipient: true });

const SULFONAMIDE_LABEL = 'SmPC 4.3/4.4: a sulfonamide';

export const INGREDIENTS: readonly IngredientDef[] = [
  // ---- fluoroquinolones -------------------------------------------------------------------------------------------
  ing('moxifloxacin', 'moxifloxacin', 'موكسيفلوكساسين', ['fluoroquinolone'], 'ATC S01AE07', [
    'موكسي فلوكساسين',
  ]),
  ing('gatifloxacin', 'gatifloxacin', 'غاتيفلوكساسين', ['fluoroquinolone'], 'ATC S01AE06', ['جاتيفلوكساسين']),
  ing('levofloxacin', 'levofloxacin', 'ليفوفلوكساسين', ['fluoroquinolone'], 'ATC S01AE05'),
  ing('ofloxacin', 'ofloxacin', 'أوفلوكساسين', ['fluoroquinolone'], 'ATC S01AE01'),
  ing('ciprofloxacin', 'ciprofloxacin', 'سيبروفلوكساسين', ['fluoroquinolone'], 'ATC S01AE03', [
    'سبروفلوكساسين',
  ]),
  ing('norfloxacin', 'norfloxacin', 'نورفلوكساسين', ['fluoroquinolone'], 'ATC S01AE02'),
  ing('besifloxacin', 'besifloxacin', 'بيسيفلوكساسين', ['fluoroquinolone'], 'ATC S01AE08'),
  // ---- aminoglycosides --------------------------------------------------------------------------------------------
  ing('tobramycin', 'tobramycin', 'توبرامايسين', ['aminoglycoside'], 'ATC S01AA12', ['توبراميسين']),
  ing('gentamicin', 'gentamicin', 'جنتامايسين', ['aminoglycoside'], 'ATC S01AA11', [
    'gentamycin',
    'جنتاميسين',
    'جنتامسين',
  ]),
  ing('neomycin', 'neomycin', 'نيومايسين', ['aminoglycoside'], 'ATC S01AA03', ['نيوميسين']),
  ing('netilmicin', 'netilmicin', 'نيتيلمايسين', ['aminoglycoside'], 'ATC S01AA23', ['نتلمايسين']),
  ing('amikacin', 'amikacin', 'أميكاسين', ['aminoglycoside'], 'ATC J01GB06'),
  // ---- other antibacterials ---------------------------------------------------------------------------------------
  ing('chloramphenicol', 'chloramphenicol', 'كلورامفينيكول', ['amphenicol'], 'ATC S01AA01', ['كلورامفنيكول']),
  ing('oxytetracycline', 'oxytetracycline', 'أوكسي تتراسيكلين', ['tetracyclines'], 'ATC S01AA04', [
    'اوكسيتتراسيكلين',
  ]),
  ing('tetracycline', 'tetracycline', 'تتراسيكلين', ['tetracyclines'], 'ATC S01AA09', ['تتراسايكلين']),
  ing('doxycycline', 'doxycycline', 'دوكسي سايكلين', ['tetracyclines'], 'ATC J01AA02', [
    'دوكسيسايكلين',
    'دوكسيسيكلين',
  ]),
  ing('azithromycin', 'azithromycin', 'أزيثرومايسين', ['macrolide'], 'ATC S01AA26', ['ازيثروميسين']),
  ing('erythromycin', 'erythromycin', 'إريثرومايسين', ['macrolide'], 'ATC S01AA17', ['اريثروميسين']),
  ing('fusidicAcid', 'fusidic acid', 'حمض الفيوسيديك', ['fusidane'], 'ATC S01AA13', [
    'fusidate',
    'فيوسيدك',
    'فيوسيديك',
  ]),
  ing('polymyxinB', 'polymyxin B', 'بوليمكسين ب', ['polymyxin'], 'ATC S01AA18', ['polymixin', 'بوليميكسين']),
  ing('bacitracin', 'bacitracin', 'باسيتراسين', ['antibiotic'], 'ATC R02AB04 (topical: D06AX05)'),
  ing('gramicidin', 'gramicidin', 'غراميسيدين', ['antibiotic'], 'ATC R02AB30'),
  ing('trimethoprim', 'trimethoprim', 'تريميثوبريم', ['diaminopyrimidine'], 'ATC J01EA01'),
  ing('sulfacetamide', 'sulfacetamide', 'سلفاسيتاميد', ['sulfonamideAntibacterial'], 'ATC S01AB04', [
    'sulphacetamide',
    'سلفاستاميد',
  ]),
  ing('amoxicillin', 'amoxicillin', 'أموكسيسيلين', ['penicillin'], 'ATC J01CA04', [
    'amoxycillin',
    'اموكسيسلين',
    'اموكسل',
  ]),
  ing(
    'clavulanicAcid',
    'clavulanic acid',
    'حمض الكلافولانيك',
    ['betaLactam'],
    'ATC J01CR02 (with amoxicillin)',
    ['clavulanate', 'كلافولانيك'],
  ),
  ing('cefuroxime', 'cefuroxime', 'سيفوروكسيم', ['cephalosporin'], 'ATC S01AA27 (intracameral), J01DC02'),
  ing('ceftazidime', 'ceftazidime', 'سيفتازيديم', ['cephalosporin'], 'ATC J01DD02'),
  ing('vancomycin', 'vancomycin', 'فانكومايسين', ['glycopeptide'], 'ATC S01AA28, J01XA01', ['فانكوميسين']),
  // ---- antivirals, antifungals, antiseptics -----------------------------------------------------------------------
  ing('aciclovir', 'aciclovir', 'أسيكلوفير', ['antiviral'], 'ATC S01AD03', ['acyclovir', 'زوفيراكس']),
  ing('ganciclovir', 'ganciclovir', 'غانسيكلوفير', ['antiviral'], 'ATC S01AD09', ['جانسيكلوفير']),
  ing('valaciclovir', 'valaciclovir', 'فالاسيكلوفير', ['antiviral'], 'ATC J05AB11', ['valacyclovir']),
  ing('trifluridine', 'trifluridine', 'ترايفلوريدين', ['antiviral'], 'ATC S01AD02', ['trifluorothymidine']),
  ing('natamycin', 'natamycin', 'ناتامايسين', ['antifungal'], 'ATC S01AA10 (a polyene antimycotic)', [
    'pimaricin',
  ]),
  ing('voriconazole', 'voriconazole', 'فوريكونازول', ['azole'], 'ATC J02AC03'),
  ing('fluconazole', 'fluconazole', 'فلوكونازول', ['azole'], 'ATC J02AC01'),
  ing('itraconazole', 'itraconazole', 'إيتراكونازول', ['azole'], 'ATC J02AC02'),
  ing('povidoneIodine', 'povidone-iodine', 'بوفيدون اليود', ['antiseptic'], 'ATC S01AX18', [
    'betadine',
    'بيتادين',
  ]),
  // ---- corticosteroids --------------------------------------------------------------------------------------------
  ing('prednisolone', 'prednisolone', 'بريدنيزولون', ['steroid'], 'ATC S01BA04, H02AB06', [
    'بريدنيزلون',
    'بريدنسولون',
  ]),
  ing('dexamethasone', 'dexamethasone', 'ديكساميثازون', ['steroid'], 'ATC S01BA01, H02AB02', [
    'ديكساميثاسون',
    'ديكسا',
  ]),
  ing('fluorometholone', 'fluorometholone', 'فلوروميثولون', ['steroid'], 'ATC S01BA07', ['fml']),
  ing('loteprednol', 'loteprednol', 'لوتيبريدنول', ['steroid'], 'ATC S01BA14'),
  ing(
    'difluprednate',
    'difluprednate',
    'ديفلوبريدنات',
    ['steroid'],
    'BNF / Durezol US label: a corticosteroid',
  ),
  ing('rimexolone', 'rimexolone', 'ريميكسولون', ['steroid'], 'ATC S01BA13'),
  ing('betamethasone', 'betamethasone', 'بيتاميثازون', ['steroid'], 'ATC S01BA06', ['بيتاميثاسون']),
  ing('hydrocortisone', 'hydrocortisone', 'هيدروكورتيزون', ['steroid'], 'ATC S01BA02'),
  ing('triamcinolone', 'triamcinolone', 'تريامسينولون', ['steroid'], 'ATC S01BA05, H02AB08'),
  ing('methylprednisolone', 'methylprednisolone', 'ميثيل بريدنيزولون', ['steroid'], 'ATC H02AB04', [
    'solumedrol',
  ]),
  // ---- NSAIDs -----------------------------------------------------------------------------------------------------
  ing('ketorolac', 'ketorolac', 'كيتورولاك', ['nsaid'], 'ATC S01BC05'),
  ing('nepafenac', 'nepafenac', 'نيبافيناك', ['nsaid'], 'ATC S01BC10'),
  ing('diclofenac', 'diclofenac', 'ديكلوفيناك', ['nsaid'], 'ATC S01BC03', ['فولتارين']),
  ing('bromfenac', 'bromfenac', 'برومفيناك', ['nsaid'], 'ATC S01BC11'),
  ing('flurbiprofen', 'flurbiprofen', 'فلوربيبروفين', ['nsaid'], 'ATC S01BC04'),
  ing('indometacin', 'indometacin', 'إندوميثاسين', ['nsaid'], 'ATC S01BC01', ['indomethacin']),
  ing('aspirin', 'aspirin', 'أسبرين', ['nsaid'], 'ATC N02BA01 (acetylsalicylic acid)', [
    'acetylsalicylic acid',
  ]),
  ing('ibuprofen', 'ibuprofen', 'إيبوبروفين', ['nsaid'], 'ATC M01AE01', ['بروفين', 'brufen']),
  // ---- glaucoma ---------------------------------------------------------------------------------------------------
  ing('latanoprost', 'latanoprost', 'لاتانوبروست', ['prostaglandinAnalogue'], 'ATC S01EE01'),
  ing('travoprost', 'travoprost', 'ترافوبروست', ['prostaglandinAnalogue'], 'ATC S01EE04'),
  ing('bimatoprost', 'bimatoprost', 'بيماتوبروست', ['prostaglandinAnalogue'], 'ATC S01EE03'),
  ing('tafluprost', 'tafluprost', 'تافلوبروست', ['prostaglandinAnalogue'], 'ATC S01EE05'),
  ing('timolol', 'timolol', 'تيمولول', ['betaBlocker'], 'ATC S01ED01'),
  ing('betaxolol', 'betaxolol', 'بيتاكسولول', ['betaBlocker'], 'ATC S01ED02'),
  ing('levobunolol', 'levobunolol', 'ليفوبونولول', ['betaBlocker'], 'ATC S01ED03'),
  ing('carteolol', 'carteolol', 'كارتيولول', ['betaBlocker'], 'ATC S01ED05'),
  ing(
    'dorzolamide',
    'dorzolamide',
    'دورزولاميد',
    ['carbonicAnhydraseInhibitor', 'sulfonamide'],
    `ATC S01EC03; Trusopt ${SULFONAMIDE_LABEL}`,
  ),
  ing(
    'brinzolamide',
    'brinzolamide',
    'برينزولاميد',
    ['carbonicAnhydraseInhibitor', 'sulfonamide'],
    `ATC S01EC04; Azopt ${SULFONAMIDE_LABEL}`,
  ),
  ing(
    'acetazolamide',
    'acetazolamide',
    'أسيتازولاميد',
    ['carbonicAnhydraseInhibitor', 'sulfonamide'],
    `ATC S01EC01; Diamox ${SULFONAMIDE_LABEL}`,
    ['اسيتازولامايد'],
  ),
  ing(
    'methazolamide',
    'methazolamide',
    'ميثازولاميد',
    ['carbonicAnhydraseInhibitor', 'sulfonamide'],
    `ATC S01EC05; ${SULFONAMIDE_LABEL}`,
  ),
  ing('brimonidine', 'brimonidine', 'بريمونيدين', ['alphaAgonist'], 'ATC S01EA05'),
  ing('apraclonidine', 'apraclonidine', 'أبراكلونيدين', ['alphaAgonist'], 'ATC S01EA03'),
  ing('netarsudil', 'netarsudil', 'نيتارسوديل', ['rhoKinaseInhibitor'], 'ATC S01EX05'),
  ing('pilocarpine', 'pilocarpine', 'بيلوكاربين', ['miotic'], 'ATC S01EB01', ['بايلوكاربين']),
  ing('mannitol', 'mannitol', 'مانيتول', ['osmotic'], 'ATC B05BC01', ['مانيتول ٢٠٪']),
  ing('glycerol', 'glycerol', 'غليسيرول', ['osmotic'], 'BNF 11.6 (glycerol by mouth, an osmotic)', [
    'glycerin',
    'glycerine',
    'جلسرين',
    'كليسرين',
  ]),
  // ---- pupil ------------------------------------------------------------------------------------------------------
  ing('atropine', 'atropine', 'أتروبين', ['cycloplegic'], 'ATC S01FA01', [
    'atropine sulfate',
    'atropine sulphate',
  ]),
  ing('cyclopentolate', 'cyclopentolate', 'سايكلوبنتولات', ['cycloplegic'], 'ATC S01FA04', [
    'سيكلوبنتولات',
    'سايكلوبنتوليت',
  ]),
  ing('homatropine', 'homatropine', 'هوماتروبين', ['cycloplegic'], 'ATC S01FA05'),
  ing('tropicamide', 'tropicamide', 'تروبيكاميد', ['antimuscarinic'], 'ATC S01FA06', ['تروبكاميد']),
  ing('phenylephrine', 'phenylephrine', 'فينيليفرين', ['mydriatic'], 'ATC S01FB01', ['فينيلفرين']),
  // ---- tear substitutes and surface -------------------------------------------------------------------------------
  ing('carmellose', 'carmellose', 'كارميلوز', ['lubricant'], 'ATC S01XA20; BNF 11.8.1', [
    'carboxymethylcellulose',
    'carmellose sodium',
    'cmc',
    'كاربوكسي ميثيل سليلوز',
  ]),
  ing('macrogol', 'macrogol', 'بولي إيثيلين غلايكول', ['lubricant'], 'ATC S01XA20', [
    'polyethylene glycol',
    'peg',
  ]),
  ing('propyleneGlycol', 'propylene glycol', 'بروبيلين غلايكول', ['lubricant'], 'ATC S01XA20'),
  ing(
    'sodiumHyaluronate',
    'sodium hyaluronate',
    'هيالورونات الصوديوم',
    ['lubricant'],
    'ATC S01XA20; S01KA01',
    ['hyaluronic acid', 'hyaluronan', 'هيالورونيك'],
  ),
  ing('trehalose', 'trehalose', 'تريهالوز', ['lubricant'], 'ATC S01XA20'),
  ing('dextran', 'dextran 70', 'ديكستران', ['lubricant'], 'ATC S01XA20', ['dextran']),
  ing('hypromellose', 'hypromellose', 'هايبروميلوز', ['lubricant'], 'ATC S01XA20; BNF 11.8.1', [
    'hydroxypropyl methylcellulose',
    'hpmc',
  ]),
  ing('carbomer', 'carbomer', 'كاربومر', ['lubricant'], 'ATC S01XA20; BNF 11.8.1', [
    'carbomer 980',
    'polyacrylic acid',
  ]),
  ing('dexpanthenol', 'dexpanthenol', 'ديكسبانثينول', ['lubricant'], 'ATC S01XA12', ['panthenol']),
  ing('retinol', 'retinol (vitamin A)', 'فيتامين أ', ['lubricant'], 'ATC S01XA02', [
    'vitamin a',
    'retinol palmitate',
    'retinyl palmitate',
  ]),
  ing('paraffin', 'paraffin', 'بارافين', ['lubricant'], 'BNF 11.8.1 (paraffin eye ointment)', [
    'white soft paraffin',
    'liquid paraffin',
    'vaseline',
  ]),
  ing('sodiumChloride', 'sodium chloride (hypertonic)', 'كلوريد الصوديوم', ['osmotic'], 'ATC S01XA03', [
    'hypertonic saline',
  ]),
  ing('ciclosporin', 'ciclosporin', 'سيكلوسبورين', ['immunomodulator'], 'ATC S01XA18', [
    'cyclosporine',
    'cyclosporin',
    'سايكلوسبورين',
  ]),
  ing('tacrolimus', 'tacrolimus', 'تاكروليموس', ['immunomodulator'], 'ATC L04AD02 (topical D11AH01)'),
  // ---- anti-allergy -----------------------------------------------------------------------------------------------
  ing('olopatadine', 'olopatadine', 'أولوباتادين', ['antihistamine', 'mastCellStabiliser'], 'ATC S01GX09'),
  ing('ketotifen', 'ketotifen', 'كيتوتيفين', ['antihistamine', 'mastCellStabiliser'], 'ATC S01GX08'),
  ing('azelastine', 'azelastine', 'أزيلاستين', ['antihistamine'], 'ATC S01GX07'),
  ing('epinastine', 'epinastine', 'إبيناستين', ['antihistamine'], 'ATC S01GX10'),
  ing(
    'pheniramine',
    'pheniramine',
    'فينيرامين',
    ['antihistamine'],
    'ATC R06AB05 (with naphazoline: S01GA51)',
  ),
  ing('naphazoline', 'naphazoline', 'نافازولين', ['decongestant'], 'ATC S01GA01'),
  ing('tetryzoline', 'tetryzoline', 'تيترايزولين', ['decongestant'], 'ATC S01GA02', ['tetrahydrozoline']),
  ing('cromoglicate', 'sodium cromoglicate', 'كروموغليكات الصوديوم', ['mastCellStabiliser'], 'ATC S01GX01', [
    'cromoglycate',
    'cromolyn',
    'cromolyn sodium',
    'sodium cromoglycate',
  ]),
  ing('lodoxamide', 'lodoxamide', 'لودوكساميد', ['mastCellStabiliser'], 'ATC S01GX05'),
  // ---- retina -----------------------------------------------------------------------------------------------------
  ing('bevacizumab', 'bevacizumab', 'بيفاسيزوماب', ['antiVegf'], 'ATC L01FG01 (intravitreal use off-label)'),
  ing('ranibizumab', 'ranibizumab', 'رانيبيزوماب', ['antiVegf'], 'ATC S01LA04'),
  ing('aflibercept', 'aflibercept', 'أفليبرسبت', ['antiVegf'], 'ATC S01LA05'),
  ing('faricimab', 'faricimab', 'فاريسيماب', ['antiVegf'], 'ATC S01LA09'),
  ing('brolucizumab', 'brolucizumab', 'برولوسيزوماب', ['antiVegf'], 'ATC S01LA06'),
  // ---- anaesthetics and diagnosis ---------------------------------------------------------------------------------
  ing('proxymetacaine', 'proxymetacaine', 'بروكسي ميتاكائين', ['anaesthetic'], 'ATC S01HA04', [
    'proparacaine',
  ]),
  ing('oxybuprocaine', 'oxybuprocaine', 'أوكسي بوبروكائين', ['anaesthetic'], 'ATC S01HA02', ['benoxinate']),
  ing('tetracaine', 'tetracaine', 'تتراكائين', ['anaesthetic'], 'ATC S01HA03', ['amethocaine']),
  ing('lidocaine', 'lidocaine', 'ليدوكائين', ['anaesthetic'], 'ATC S01HA07', [
    'lignocaine',
    'xylocaine',
    'زايلوكائين',
  ]),
  ing('fluorescein', 'fluorescein', 'فلوريسين', ['diagnosticDye'], 'ATC S01JA01', ['فلورسين']),
  // ---- supplements (AREDS2) ---------------------------------------------------------------------------------------
  ing('ascorbicAcid', 'vitamin C', 'فيتامين سي', ['supplement'], 'AREDS2 formulation', ['ascorbic acid']),
  ing('vitaminE', 'vitamin E', 'فيتامين إي', ['supplement'], 'AREDS2 formulation', ['tocopherol']),
  ing('zinc', 'zinc', 'زنك', ['supplement'], 'AREDS2 formulation', ['zinc oxide']),
  ing('copper', 'copper', 'نحاس', ['supplement'], 'AREDS2 formulation', ['cupric oxide']),
  ing('lutein', 'lutein', 'لوتين', ['supplement'], 'AREDS2 formulation'),
  ing('zeaxanthin', 'zeaxanthin', 'زياكسانثين', ['supplement'], 'AREDS2 formulation'),
  // ---- excipients ---------------------------------------------------------------------------------------------------
  excipient(
    'benzalkonium',
    'benzalkonium chloride',
    'كلوريد البنزالكونيوم',
    'Excipient (SmPC 6.1); BNF 11 (preservatives)',
    ['bak', 'bac', 'benzalkonium', 'بنزالكونيوم'],
  ),
  excipient('polyquaternium', 'polyquaternium-1', 'بولي كواترنيوم', 'Excipient (SmPC 6.1)', ['polyquad']),
  excipient('purite', 'stabilised oxychloro complex', 'بيورايت', 'Excipient (SmPC 6.1)', [
    'purite',
    'oxychloro complex',
  ]),
  excipient('cetrimide', 'cetrimide', 'سيتريميد', 'Excipient (SmPC 6.1)', ['cetrimonium']),
  excipient('chlorobutanol', 'chlorobutanol', 'كلوروبيوتانول', 'Excipient (SmPC 6.1)', ['chlorbutol']),
  excipient('thiomersal', 'thiomersal', 'ثيومرسال', 'Excipient (SmPC 6.1)', ['thimerosal']),
  excipient('edetate', 'disodium edetate', 'إديتات', 'Excipient (SmPC 6.1)', ['edta']),
  // Maxitrol eye ointment and Muro 128 solution (SmPC / US label: methyl and propyl parahydroxybenzoate).
  excipient('parabens', 'parabens', 'بارابين', 'Excipient (SmPC 6.1)', [
    'paraben',
    'methylparaben',
    'propylparaben',
    'methyl parahydroxybenzoate',
    'propyl parahydroxybenzoate',
    'parahydroxybenzoate',
  ]),
  // Durezol (difluprednate): US label, sorbic acid 0.1% as the preservative.
  excipient('sorbicAcid', 'sorbic acid', 'حمض السوربيك', 'Excipient (SmPC 6.1)', ['sorbate', 'سوربيك']),
];

const BY_ID = new Map(INGREDIENTS.map((i) => [i.id, i]));

export function ingredientDef(id: string): IngredientDef | undefined {
  return BY_ID.get(id);
}
