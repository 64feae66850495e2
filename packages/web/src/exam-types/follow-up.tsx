import type { followUp } from '@basira/shared/exams/follow-up';
import type { ValuesOf } from '@basira/shared/exams/fields';
import type { ExamWebExtension } from './exam-extension.ts';
import { recallAfterSave } from './next-visit-recall.tsx';

type FollowUpData = ValuesOf<(typeof followUp)['fields']>;

/** The follow-up: once saved, the recall to its next visit (kept in its plan). */
export const followUpExtension: ExamWebExtension = {
  AfterSave: recallAfterSave((record) => (record as FollowUpData).plan?.nextVisit),
};
