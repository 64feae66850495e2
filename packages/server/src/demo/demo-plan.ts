import { localDay, zonedDateTimeToIso } from '@basira/shared/dates/calendar';
import type { ExamType } from '@basira/shared/exams/exam-types';
import type { PatientCreateInput } from '@basira/shared/patients/patients.schemas';
import type { VisitReason } from '@basira/shared/queue/queue.schemas';
import * as exams from './demo-exams.ts';
import { demoPerson } from './demo-names.ts';
import { Random } from './demo-random.ts';

/**
 * What the demo clinic did, decided before anything is written: who the patients are, when each came, who
 * saw them, what was recorded and how each visit ended. Pure and seeded: the same plan on every run (its days
 * are relative to `now`).
 */

export const DEMO_PATIENTS = 300;
const TODAY_VISITS = 16;
const MINUTE = 60_000;

/** Why a patient comes: decides their visits, their exam records and who writes them. */
export type Story =
  | 'spectacles'
  | 'squint'
  | 'lasik'
  | 'postLasik'
  | 'keratoconus'
  | 'cataract'
  | 'postCataract'
  | 'glaucoma'
  | 'diabetic'
  | 'lowVision'
  | 'outer';

export interface PlannedPatient {
  person: PatientCreateInput;
  story: Story;
}

export interface PlannedExam {
  type: ExamType;
  by: 'optometrist' | 'doctor';
  data: Record<string, unknown>;
}

/** How a visit ends; `recall` is re-waiting to a later date (the bell's list). */
export type Outcome = 'finished' | 'canceled' | 'withDoctor' | 'waiting' | 'recall';

export interface PlannedVisit {
  patient: PlannedPatient;
  /** The patient's first visit registers them, just before it. */
  registers: boolean;
  /** Queued; the optometrist's records; the doctor opens the board; the doctor's records; the end. */
  times: { queued: Date; refraction: Date; opened: Date; examined: Date; ended: Date };
  doctor: 0 | 1;
  /** Reception names the doctor when queueing (otherwise the one who opens the board becomes it). */
  assigned: boolean;
  reasons: VisitReason[];
  note: string | null;
  exams: PlannedExam[];
  outcome: Outcome;
  recall?: { at: Date; note: string };
}

const STORIES_BY_AGE: { upTo: number; stories: Partial<Record<Story, number>> }[] = [
  { upTo: 15, stories: { spectacles: 70, squint: 25, outer: 5 } },
  {
    upTo: 39,
    stories: {
      spectacles: 38,
      lasik: 18,
      keratoconus: 11,
      outer: 17,
      postLasik: 8,
      diabetic: 4,
      lowVision: 4,
    },
  },
  {
    upTo: 64,
    stories: { spectacles: 35, diabetic: 18, glaucoma: 15, cataract: 12, outer: 12, postCataract: 8 },
  },
  {
    upTo: 95,
    stories: { cataract: 30, postCataract: 20, lowVision: 15, glaucoma: 15, diabetic: 10, spectacles: 10 },
  },
];

const REASON: Record<Story, VisitReason> = {
  spectacles: 'Spectacles',
  squint: 'Spectacles',
  lasik: 'Lasik',
  postLasik: 'FollowUp',
  keratoconus: 'Examinations',
  cataract: 'Biometry',
  postCataract: 'FollowUp',
  glaucoma: 'FollowUp',
  diabetic: 'Examinations',
  lowVision: 'Examinations',
  outer: 'Examinations',
};

/** Stories a recall suits, with the follow-up record that books it. */
const RECALLED: Partial<Record<Story, exams.FollowUpKind>> = {
  glaucoma: 'glaucoma',
  diabetic: 'diabetic',
  postCataract: 'postCataract',
  postLasik: 'postLasik',
};

const QUEUE_NOTES = ['مريض جديد', 'مراجعة', 'محول من طبيب العائلة', 'يرغب بالدخول قبل الظهر', 'مع مرافق'];

/** A patient's private facts, kept between their visits. */
interface Chart extends PlannedPatient {
  age: number;
  rx: exams.Eyes<exams.Rx>;
  cornea: exams.Eyes<exams.Cornea>;
  records: number;
}

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const isFriday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay() === 5;

export function planDemo(now: Date, timeZone: string, seed = 1405): PlannedVisit[] {
  const rng = new Random(seed);
  const today = localDay(now, timeZone);
  /** A time on the clinic's clock, minutes after midnight of `day`. */
  const clock = (day: string, minutes: number) => {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return new Date(zonedDateTimeToIso(day, time, timeZone)!);
  };

  const charts: Chart[] = Array.from({ length: DEMO_PATIENTS }, () => {
    const bucket = rng.weighted({ child: 18, young: 37, middle: 30, old: 15 });
    const age =
      bucket === 'child'
        ? rng.int(3, 15)
        : bucket === 'young'
          ? rng.int(16, 39)
          : bucket === 'middle'
            ? rng.int(40, 64)
            : rng.int(65, 90);
    const story = rng.weighted(STORIES_BY_AGE.find((b) => age <= b.upTo)!.stories as Record<Story, number>);
    const isMale = rng.chance(story === 'keratoconus' ? 0.65 : 0.5);
    return {
      person: demoPerson(rng, today, { age, isMale, diabetes: story === 'diabetic' || rng.chance(0.02) }),
      story,
      age,
      rx: exams.randomRx(rng, age, story === 'lasik' || story === 'postLasik' ? 'myope' : 'any'),
      cornea: exams.randomCornea(rng, rng.chance(0.7)),
      records: 0,
    };
  });

  const visits: PlannedVisit[] = [];
  const seen = new Set<Chart>();

  function visit(chart: Chart, queued: Date, outcome: Outcome, limit?: Date): PlannedVisit {
    // Minutes after queueing: the optometrist, the doctor opening, the doctor's records, the end.
    const refraction = rng.int(4, 20);
    const opened = refraction + rng.int(5, 30);
    const examined = opened + rng.int(3, 8);
    const ended = examined + rng.int(4, 12);
    // Today's visits have got only so far: squeezed so that every step is in the past.
    const room = limit ? (limit.getTime() - queued.getTime()) / MINUTE : ended;
    const scale = Math.max(0, Math.min(1, room / ended));
    const at = (minutes: number) => new Date(queued.getTime() + minutes * scale * MINUTE);
    const planned: PlannedVisit = {
      patient: chart,
      registers: !seen.has(chart),
      times: {
        queued,
        refraction: at(refraction),
        opened: at(opened),
        examined: at(examined),
        ended: at(ended),
      },
      doctor: rng.chance(0.55) ? 0 : 1,
      assigned: rng.chance(0.4),
      reasons: [REASON[chart.story]],
      note: rng.chance(0.15) ? rng.pick(QUEUE_NOTES) : null,
      exams: [],
      outcome,
    };
    seen.add(chart);
    visits.push(planned);
    return planned;
  }

  /** The records of a visit, by `story` (the patient's, or how it began); `followUpTo` books a recall then. */
  function record(v: PlannedVisit, story: Story, followUpTo?: string): void {
    const chart = v.patient as Chart;
    const at = (by: PlannedExam['by']) => (by === 'optometrist' ? v.times.refraction : v.times.examined);
    const add = (type: ExamType, by: PlannedExam['by'], make: (c: exams.ExamContext) => object) =>
      v.exams.push({
        type,
        by,
        data: make({ rng, age: chart.age, at: at(by), timeZone, rx: chart.rx }) as Record<string, unknown>,
      });
    const recalled = RECALLED[story];
    switch (story) {
      case 'spectacles':
        add('spectacles', 'optometrist', (c) => exams.spectacles(c, chart.age < 12));
        if (rng.chance(0.1)) add('outer', 'doctor', exams.outer);
        break;
      case 'squint':
        add('spectacles', 'optometrist', (c) => exams.spectacles(c, true));
        add('prism', 'optometrist', exams.prism);
        break;
      case 'lasik':
        add('lasik', 'optometrist', exams.lasik);
        break;
      case 'keratoconus':
        add('keratoconus', 'optometrist', (c) => exams.keratoconus(c, chart.cornea, chart.records++));
        break;
      case 'cataract':
        add('biometry', 'optometrist', exams.biometry);
        if (rng.chance(0.4))
          add('retina', 'doctor', (c) =>
            exams.retina(c, chart.person.alerts?.conditions?.includes('diabetes') ?? false),
          );
        break;
      case 'lowVision':
        add('lowVision', 'optometrist', exams.lowVision);
        if (rng.chance(0.5)) add('retina', 'doctor', (c) => exams.retina(c, false));
        break;
      case 'diabetic':
        add('retina', 'doctor', (c) => exams.retina(c, true));
        break;
      case 'outer':
        add('outer', 'doctor', exams.outer);
        add('consultation', 'doctor', (c) => exams.consultation(c, 'outer'));
        break;
      case 'glaucoma':
        add('consultation', 'doctor', (c) => exams.consultation(c, 'glaucoma'));
        break;
    }
    if (recalled && (story !== 'diabetic' || followUpTo))
      add('followUp', 'doctor', (c) => exams.followUp(c, recalled, followUpTo));
  }

  // Earlier visits (months back): what the story began with, so records have a history to compare with.
  const earlier = (chart: Chart, daysBack: number, story: Story) => {
    let day = addDays(today, -daysBack);
    if (isFriday(day)) day = addDays(day, -1);
    record(visit(chart, clock(day, rng.int(600, 840)), 'finished'), story);
  };
  let keratoconic = 0;
  for (const chart of charts) {
    if (chart.story === 'keratoconus') {
      // The first few have two earlier tomographies (three records), the others one.
      if (keratoconic++ < 3) earlier(chart, rng.int(290, 320), 'keratoconus');
      earlier(chart, rng.int(140, 190), 'keratoconus');
    } else if (chart.story === 'postCataract') earlier(chart, rng.int(25, 45), 'cataract');
    else if (chart.story === 'postLasik') earlier(chart, rng.int(30, 60), 'lasik');
    else if (chart.story === 'glaucoma') earlier(chart, rng.int(90, 120), 'glaucoma');
    else if (chart.story === 'spectacles' && chart.age >= 8 && rng.chance(0.15))
      earlier(chart, rng.int(200, 330), 'spectacles');
  }

  // The last two weeks: every patient once, most on past working days (Fridays closed), some today.
  const order = rng.shuffle([...charts]);
  const days = Array.from({ length: 14 }, (_, i) => addDays(today, i - 14)).filter((d) => !isFriday(d));
  const byDay = new Map<string, Chart[]>(days.map((d) => [d, []]));
  for (const chart of order.slice(TODAY_VISITS)) byDay.get(rng.pick(days))!.push(chart);

  const firstOfWindow = visits.length;
  const recallable: PlannedVisit[] = [];
  for (const [day, patients] of byDay) {
    const spacing = Math.floor(420 / Math.max(1, patients.length));
    patients.forEach((chart, i) => {
      const queued = clock(day, 540 + i * spacing + rng.int(0, Math.floor(spacing / 2)));
      const v = visit(chart, queued, rng.chance(0.06) ? 'canceled' : 'finished');
      if (v.outcome === 'finished' && RECALLED[chart.story]) recallable.push(v);
    });
  }
  const past = visits.slice(firstOfWindow);

  // Recalls: the oldest few booked a week ahead (now past due), two due today, the rest a month ahead.
  recallable.forEach((v, i) => {
    if (i % 4 !== 0) return;
    const n = i / 4;
    const day = localDay(v.times.queued, timeZone);
    const dueDay = n < 5 ? addDays(day, 7) : n < 7 ? today : addDays(day, 30);
    const note = rng.pick(['مراجعة لقياس ضغط العين', 'مراجعة بعد العملية', 'فحص قاع العين']);
    v.outcome = 'recall';
    v.recall = { at: clock(dueDay, 600 + n * 10), note };
  });
  // The last working day's last visits: one left open by its doctor, one patient who never came in.
  const [forgotten, absent] = past.filter((v) => !RECALLED[v.patient.story]).slice(-2);
  forgotten!.outcome = 'withDoctor';
  absent!.outcome = 'waiting';
  for (const v of past)
    if (v.outcome !== 'canceled' && v.outcome !== 'waiting')
      record(v, v.patient.story, v.recall ? localDay(v.recall.at, timeZone) : undefined);

  // Today so far: the first ones seen, one gone home, two with the doctors, the rest waiting. They came from the
  // opening (8:30) or in the last five hours; before the opening (a run at night), in the last hour.
  const opening = clock(today, 510).getTime();
  const start =
    now.getTime() - opening >= 60 * MINUTE
      ? Math.max(opening, now.getTime() - 5 * 60 * MINUTE)
      : Math.max(clock(today, 0).getTime(), now.getTime() - 60 * MINUTE);
  const span = Math.max(0, now.getTime() - 2 * MINUTE - start);
  order.slice(0, TODAY_VISITS).forEach((chart, i) => {
    const queued = new Date(start + (span * i) / TODAY_VISITS);
    const outcome: Outcome = i < 6 ? 'finished' : i === 6 ? 'canceled' : i < 9 ? 'withDoctor' : 'waiting';
    const v = visit(chart, queued, outcome, now);
    if (outcome === 'withDoctor') v.doctor = i === 7 ? 0 : 1;
    if (outcome === 'canceled') return;
    record(v, chart.story);
    // Waiting patients may have seen the optometrist already; nobody has seen the doctor.
    if (outcome === 'waiting') v.exams = v.exams.filter((e) => e.by === 'optometrist' && rng.chance(0.6));
  });
  return visits;
}
