import { createContext, type ComponentType } from 'react';
import type { PrintPatient } from '@basira/shared/print/printing.schemas';
import type { DeriveContext } from '@basira/shared/exams/exam-definition';
import type { ZeroStyle } from '@basira/shared/print/print-settings.schemas';
import type { ExamRecord } from '../features/exams/exams.queries.ts';

/**
 * What an exam type adds to the web app beyond what its shared definition gives every type (the generic form,
 * index, report and board line): one record per type, in `exam-types/<type>.tsx`, listed in `registry.ts`. The
 * generic screens (features/exams, features/print) look a type's record up with `useExamExtension` and never name a
 * type. It lives outside features/ because it composes both: the form's pieces and the print's (a feature never
 * imports another, eslint-rules/layers.js).
 */
export interface ExamWebExtension {
  /**
   * Controls by a list's path in the record (no indices): `<path>` beside each item's title (a reading's
   * transposition), `<path>:after` under each item or under an eyes block (a medication's schedule).
   */
  itemExtras?: Readonly<Record<string, ItemExtra>>;
  /** The computed results (`derive`), in a "calculated" card under the form, live, and on the printed report. */
  Results?: ComponentType<ResultsProps>;
  /**
   * What the live calculation reads beyond the server's context, from what the form holds (an operation's picked
   * plan and lens, loaded by their ids): a hook, called on every render of the form with the server's context.
   */
  useDeriveContext?: DeriveContextHook;
  /**
   * The values a new record starts with (an operation's day and surgeon), or null while they load; applied once to
   * an untouched new form, as its clean state (leaving it asks nothing).
   */
  useNewRecordDefaults?: () => Record<string, unknown> | null;
  /** A panel of its own under the form instead of the results card (a prescription's live warnings). */
  LivePanel?: ComponentType<{ contextFailed: boolean }>;
  /** What is offered once a record is saved (the recall to its next visit). */
  AfterSave?: ComponentType<{ record: ExamRecord; queueId: number }>;
  /** Actions of a saved record beside its print (a prescription as a FHIR file). */
  SavedActions?: ComponentType<{ id: number; permissions: readonly string[] | undefined }>;
  /**
   * A panel of a saved record under its form, with what other records say of it (an operation's outcome: its
   * postoperative refraction, read from the spectacles records after it).
   */
  SavedPanel?: ComponentType<{ id: number }>;
  /** A sheet of its own on paper instead of the generic report: its title, and whether it is the doctor's. */
  print?: PrintSheet;
}

export type DeriveContextHook = (
  read: (path: string) => unknown,
  server: DeriveContext | undefined,
) => DeriveContext | undefined;

/** An extra control of a list item (or an eyes block), given the item's path (`readings.0`). */
export type ItemExtra = ComponentType<{ path: string }>;

export type Columns = number | Record<string, number>;

export interface ResultsProps {
  /** The record's `derived` (live: as the form computes it; printed: as the server stored it). */
  derived: unknown;
  /** A value of the record by dotted path (an eye's target refraction). */
  read: (path: string) => unknown;
  cols: Columns;
  /** Print: smaller type, the essentials. */
  compact?: boolean;
}

export interface PrintSheet {
  /** The sheet's title (an i18n key). */
  titleKey: string;
  /** Signed by the doctor (the print frame's doctor's block). */
  doctorsDocument?: boolean;
  Sheet: ComponentType<PrintSheetProps>;
}

export interface PrintSheetProps {
  /** The record as printed (its fields and `derived`). */
  data: Record<string, unknown>;
  patient: PrintPatient;
  /** The organization's print setting: how a zero power is written. */
  zeroAs: ZeroStyle;
}

/** The extensions by exam type; a type without one is wholly generic. */
export type ExamExtensions = Readonly<Partial<Record<string, ExamWebExtension>>>;

/**
 * The registry the screens read: null is the product's (registry.ts). A test provides its own, with a fixture type
 * the product does not have (exam-extension.test.tsx), so that nothing a test registers reaches production code.
 */
export const ExamExtensionsContext = createContext<ExamExtensions | null>(null);
