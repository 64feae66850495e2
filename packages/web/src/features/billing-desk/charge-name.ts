import type { Charge } from '@basira/shared/money/billing.schemas';

/** A charge's (or a receipt line's) service name, in the given language, as it was named when charged. */
export const chargeName = (charge: Pick<Charge, 'nameAr' | 'nameEn'>, lang: 'ar' | 'en'): string =>
  (lang === 'ar' ? charge.nameAr : charge.nameEn) || charge.nameAr || charge.nameEn;
