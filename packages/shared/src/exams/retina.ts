import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { checks, choice, documents, eyes, flag, group, note, num, text, time } from './fields.ts';

/**
 * A DR grade as a summary writes it: clinical shorthand, the same in either language (a summary is an LTR line of
 * shorthand, like `C/D 0.40`), never the stored value (`moderateNpdr` was shown `MODERATENPDR`).
 */
const DR_GRADE_SHORTHAND: Record<'mildNpdr' | 'moderateNpdr' | 'severeNpdr' | 'pdr', string> = {
  mildNpdr: 'mild NPDR',
  moderateNpdr: 'mod NPDR',
  severeNpdr: 'sev NPDR',
  pdr: 'PDR',
};

/** The posterior segment: dilation, fundus per eye, OCT thickness, DR grade, and images from the documents. */
export const retina = defineExam({
  type: 'retina',
  permissions: EXAM_PERMISSIONS.retina,
  fields: {
    dilation: group({
      dilated: flag(),
      drops: checks(['tropicamide', 'phenylephrine', 'cyclopentolate', 'atropine'] as const),
      time: time(),
    }),
    fundus: eyes({
      cupDisc: num({ min: 0, max: 1, step: 0.05 }),
      disc: text(300),
      macula: text(300),
      vessels: text(300),
      periphery: text(300),
      vitreous: text(300),
      cmt: num({ unit: 'um', min: 100, max: 1000, step: 1 }),
      drGrade: choice(['none', 'mildNpdr', 'moderateNpdr', 'severeNpdr', 'pdr'] as const),
      maculopathy: choice(['none', 'dme', 'csme'] as const),
      oct: text(500, { lines: 2 }),
    }),
    images: documents(),
    note: note(),
  },
  summary(data) {
    const eye = (side: 'right' | 'left') => {
      const f = data.fundus?.[side];
      const parts = [
        f?.cupDisc != null ? `C/D ${f.cupDisc.toFixed(2)}` : '',
        f?.cmt != null ? `CMT ${f.cmt}` : '',
        f?.drGrade && f.drGrade !== 'none' ? DR_GRADE_SHORTHAND[f.drGrade] : '',
      ].filter(Boolean);
      return parts.length ? parts.join(' ') : '—';
    };
    return `R ${eye('right')} · L ${eye('left')}`;
  },
});
