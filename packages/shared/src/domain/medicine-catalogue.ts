// The medicines a doctor picks from when writing a prescription (issue #21): a small catalogue of
// what a video consultation commonly prescribes in Bulgaria and Germany, by active ingredient
// (INN) with its WHO ATC code, the usual strengths and forms. A prescription may also name a
// medicine in free text; the catalogue only spares typing and gives the ATC code. The names are
// the INN as each language writes it; a brand is never suggested.

export const MEDICINE_FORMS = [
  'tablet',
  'film-coated-tablet',
  'capsule',
  'granules',
  'inhaler',
  'nasal-spray',
  'gel',
] as const;
export type MedicineForm = (typeof MEDICINE_FORMS)[number];

export type CatalogueMedicine = {
  /** Stable id, the ATC code: it names the ingredient (or the combination) once. */
  atc: string;
  name: { en: string; bg: string; de: string };
  strengths: readonly string[];
  forms: readonly MedicineForm[];
};

export const MEDICINE_CATALOGUE: readonly CatalogueMedicine[] = [
  {
    atc: 'M01AE01',
    name: { en: 'Ibuprofen', bg: 'Ибупрофен', de: 'Ibuprofen' },
    strengths: ['200 mg', '400 mg', '600 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'N02BE01',
    name: { en: 'Paracetamol', bg: 'Парацетамол', de: 'Paracetamol' },
    strengths: ['500 mg'],
    forms: ['tablet'],
  },
  {
    atc: 'N02BB02',
    name: { en: 'Metamizole', bg: 'Метамизол', de: 'Metamizol' },
    strengths: ['500 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'M01AB05',
    name: { en: 'Diclofenac', bg: 'Диклофенак', de: 'Diclofenac' },
    strengths: ['50 mg', '75 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'J01CA04',
    name: { en: 'Amoxicillin', bg: 'Амоксицилин', de: 'Amoxicillin' },
    strengths: ['500 mg', '1000 mg'],
    forms: ['capsule', 'film-coated-tablet'],
  },
  {
    atc: 'J01CR02',
    name: {
      en: 'Amoxicillin and clavulanic acid',
      bg: 'Амоксицилин и клавуланова киселина',
      de: 'Amoxicillin und Clavulansäure',
    },
    strengths: ['875 mg/125 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'J01FA10',
    name: { en: 'Azithromycin', bg: 'Азитромицин', de: 'Azithromycin' },
    strengths: ['250 mg', '500 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'J01DC02',
    name: { en: 'Cefuroxime', bg: 'Цефуроксим', de: 'Cefuroxim' },
    strengths: ['250 mg', '500 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'J01MA02',
    name: { en: 'Ciprofloxacin', bg: 'Ципрофлоксацин', de: 'Ciprofloxacin' },
    strengths: ['250 mg', '500 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'J01XE01',
    name: { en: 'Nitrofurantoin', bg: 'Нитрофурантоин', de: 'Nitrofurantoin' },
    strengths: ['100 mg'],
    forms: ['capsule'],
  },
  {
    atc: 'J01XX01',
    name: { en: 'Fosfomycin', bg: 'Фосфомицин', de: 'Fosfomycin' },
    strengths: ['3 g'],
    forms: ['granules'],
  },
  {
    atc: 'C09AA05',
    name: { en: 'Ramipril', bg: 'Рамиприл', de: 'Ramipril' },
    strengths: ['2.5 mg', '5 mg', '10 mg'],
    forms: ['tablet'],
  },
  {
    atc: 'C08CA01',
    name: { en: 'Amlodipine', bg: 'Амлодипин', de: 'Amlodipin' },
    strengths: ['5 mg', '10 mg'],
    forms: ['tablet'],
  },
  {
    atc: 'C07AB07',
    name: { en: 'Bisoprolol', bg: 'Бизопролол', de: 'Bisoprolol' },
    strengths: ['2.5 mg', '5 mg', '10 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'C10AA05',
    name: { en: 'Atorvastatin', bg: 'Аторвастатин', de: 'Atorvastatin' },
    strengths: ['10 mg', '20 mg', '40 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'A10BA02',
    name: { en: 'Metformin', bg: 'Метформин', de: 'Metformin' },
    strengths: ['500 mg', '850 mg', '1000 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'H03AA01',
    name: { en: 'Levothyroxine', bg: 'Левотироксин', de: 'Levothyroxin' },
    strengths: ['50 µg', '75 µg', '100 µg'],
    forms: ['tablet'],
  },
  {
    atc: 'A02BC02',
    name: { en: 'Pantoprazole', bg: 'Пантопразол', de: 'Pantoprazol' },
    strengths: ['20 mg', '40 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'R06AE07',
    name: { en: 'Cetirizine', bg: 'Цетиризин', de: 'Cetirizin' },
    strengths: ['10 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'R03AC02',
    name: { en: 'Salbutamol', bg: 'Салбутамол', de: 'Salbutamol' },
    strengths: ['100 µg per dose'],
    forms: ['inhaler'],
  },
  {
    atc: 'R01AD09',
    name: { en: 'Mometasone', bg: 'Мометазон', de: 'Mometason' },
    strengths: ['50 µg per dose'],
    forms: ['nasal-spray'],
  },
  {
    atc: 'N06AB06',
    name: { en: 'Sertraline', bg: 'Сертралин', de: 'Sertralin' },
    strengths: ['50 mg', '100 mg'],
    forms: ['film-coated-tablet'],
  },
  {
    atc: 'M02AA15',
    name: { en: 'Diclofenac (topical)', bg: 'Диклофенак (локално)', de: 'Diclofenac (topisch)' },
    strengths: ['1 %'],
    forms: ['gel'],
  },
];

/** The catalogue entry of an ATC code, or undefined (a medicine written in free text). */
export function catalogueMedicine(atc: string): CatalogueMedicine | undefined {
  return MEDICINE_CATALOGUE.find((medicine) => medicine.atc === atc);
}
