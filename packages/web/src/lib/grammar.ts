/**
 * The i18next `context` of a sentence about a patient. Arabic verbs and adjectives agree with the person's sex
 * (سُجِّل أحمد، سُجِّلت فاطمة): a key's `_female` variant holds the feminine, the plain key the masculine. English
 * has only the plain key, which i18next falls back to.
 */
export const sexOf = (patient: { isMale: 0 | 1 | boolean }): 'male' | 'female' =>
  patient.isMale ? 'male' : 'female';
