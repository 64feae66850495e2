import { formatDiopters } from '../clinical/rounding.ts';
import { sphCylFields } from './common-fields.ts';
import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { checks, choice, date, eyes, group, list, note, num, text, time, va } from './fields.ts';
import { NEXT_VISIT_YEARS } from './visit-dates.ts';

/** The interval since the last visit as a summary writes it (shorthand, as `IOP 15/16`); `other` says nothing. */
const INTERVAL_SHORTHAND: Record<
  'day1' | 'week1' | 'month1' | 'month3' | 'month6' | 'year1' | 'other',
  string
> = {
  day1: '1 d',
  week1: '1 wk',
  month1: '1 mo',
  month3: '3 mo',
  month6: '6 mo',
  year1: '1 y',
  other: '',
};

/**
 * A follow-up visit: how long since the last one, what the patient says, what was found, and the plan. Its next
 * visit date is offered as a re-waiting of the visit on save (with the board's re-waiting permission).
 */
export const followUp = defineExam({
  type: 'followUp',
  permissions: EXAM_PERMISSIONS.followUp,
  fields: {
    visit: group({
      interval: choice(['day1', 'week1', 'month1', 'month3', 'month6', 'year1', 'other'] as const),
      complaint: text(500, { lines: 2 }),
    }),
    vision: eyes({ ucva: va(), bcva: va() }),
    refraction: eyes(sphCylFields),
    iop: list(
      eyes(
        { value: num({ unit: 'mmHg', min: 1, max: 80, step: 1 }) },
        {
          time: time(),
          method: choice(['goldmann', 'nct', 'tonopen', 'icare', 'perkins', 'digital'] as const),
        },
      ),
      6,
    ),
    findings: eyes({ anterior: text(500, { lines: 2 }), posterior: text(500, { lines: 2 }) }),
    complications: checks([
      'infection',
      'inflammation',
      'raisedIop',
      'cornealEdema',
      'cme',
      'pco',
      'woundLeak',
      'flapStriae',
      'dlk',
      'epithelialIngrowth',
      'haze',
      'dryEye',
    ] as const),
    plan: group({
      medications: note(),
      plan: note(),
      outcome: choice(['continue', 'changed', 'discharged', 'referred'] as const),
      nextVisit: date({ fromVisit: { years: NEXT_VISIT_YEARS } }),
    }),
  },
  check(data, issue) {
    for (const side of ['right', 'left'] as const) {
      const eye = data.refraction?.[side];
      if (eye?.cylinder && eye.axis == null) issue(['refraction', side, 'axis'], 'value.required');
    }
  },
  summary(data) {
    const iop = data.iop?.[data.iop.length - 1];
    const parts: string[] = [];
    const interval = data.visit?.interval ? INTERVAL_SHORTHAND[data.visit.interval] : '';
    if (interval) parts.push(interval);
    if (iop && (iop.right?.value != null || iop.left?.value != null))
      parts.push(`IOP ${iop.right?.value ?? '—'}/${iop.left?.value ?? '—'}`);
    const r = data.refraction?.right?.sphere;
    const l = data.refraction?.left?.sphere;
    if (r != null || l != null)
      parts.push(`R ${r != null ? formatDiopters(r) : '—'} · L ${l != null ? formatDiopters(l) : '—'}`);
    if (data.plan?.nextVisit) parts.push(`→ ${data.plan.nextVisit}`);
    return parts.join(' · ');
  },
});
