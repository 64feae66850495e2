import { holdsAny, type AllOf, type PermissionName } from '../permissions/permissions.ts';

/**
 * The exam types and their permissions, without their fields: what the route table, the guards and the menus
 * need before any exam screen (and zod) is loaded. Each definition (`<type>.ts`) takes its permissions from
 * here, and the registry test checks that the two lists name the same types in the same order.
 */
export const EXAM_TYPES = [
  'spectacles',
  'prism',
  'lasik',
  'followUp',
  'biometry',
  'keratoconus',
  'retina',
  'lowVision',
  'outer',
  'consultation',
  'operation',
] as const;

export type ExamType = (typeof EXAM_TYPES)[number];

export function isExamType(type: string): type is ExamType {
  return (EXAM_TYPES as readonly string[]).includes(type);
}

/** Who may do what with a type's records: each an any-of list of the catalogue's names. */
export interface ExamPermissions {
  add: readonly PermissionName[];
  edit: readonly PermissionName[];
  delete: readonly PermissionName[];
  show: readonly PermissionName[];
  print: readonly PermissionName[];
}

export const EXAM_PERMISSIONS: Record<ExamType, ExamPermissions> = {
  spectacles: {
    add: ['add spectacles'],
    edit: ['edit spectacles'],
    delete: ['delete spectacles'],
    show: ['show spectacles'],
    print: ['print spectacles'],
  },
  // The spec's prism screens carry the squint lists and its queue print reuses `print squint`: either family.
  prism: {
    add: ['add prism', 'add squint'],
    edit: ['edit prism', 'edit squint'],
    delete: ['delete prism', 'delete squint'],
    show: ['show prisms', 'show squints'],
    print: ['print prism', 'print squint'],
  },
  lasik: {
    add: ['add lasik'],
    edit: ['edit lasik'],
    delete: ['delete lasik'],
    show: ['show lasiks'],
    print: ['print lasik'],
  },
  followUp: {
    add: ['add follow up'],
    edit: ['edit follow up'],
    delete: ['delete follow up'],
    show: ['show follow ups'],
    print: ['print follow up'],
  },
  biometry: {
    add: ['add biometry'],
    edit: ['edit biometry'],
    delete: ['delete biometry'],
    show: ['show biometrys'],
    print: ['print biometry'],
  },
  keratoconus: {
    add: ['add keratoconus'],
    edit: ['edit keratoconus'],
    delete: ['delete keratoconus'],
    show: ['show keratoconus'],
    print: ['print keratoconus'],
  },
  retina: {
    add: ['add retina'],
    edit: ['edit retina'],
    delete: ['delete retina'],
    show: ['show retinas'],
    print: ['print retina'],
  },
  lowVision: {
    add: ['add low vision'],
    edit: ['edit low vision'],
    delete: ['delete low vision'],
    show: ['show low visions'],
    print: ['print low vision'],
  },
  outer: {
    add: ['add outer'],
    edit: ['edit outer'],
    delete: ['delete outer'],
    show: ['show outers'],
    print: ['print outer'],
  },
  consultation: {
    add: ['add consultation'],
    edit: ['edit consultation'],
    delete: ['delete consultation'],
    show: ['show consultation'],
    print: ['print consultation'],
  },
  operation: {
    add: ['add operation'],
    edit: ['edit operation'],
    delete: ['delete operation'],
    show: ['show operations'],
    print: ['print operation'],
  },
};

/** Reading a type's records: whoever may show, add (copy forward) or edit them. */
export const readersOf = (permissions: ExamPermissions): PermissionName[] => [
  ...new Set([...permissions.show, ...permissions.add, ...permissions.edit]),
];

/**
 * The types whose records the caller may read. Every path that shows a record's content (its route, its print,
 * the board's and the file's summaries, the trends, the print log) shows only these: a board reader who may
 * not read consultations does not see their codes on the board either.
 */
export function readableExamTypes(held: readonly string[]): ExamType[] {
  return EXAM_TYPES.filter((type) => holdsAny(held, readersOf(EXAM_PERMISSIONS[type])));
}

/** Printing a type's records: the right to print them and the right to read them. */
export const printersOf = (permissions: ExamPermissions): AllOf => ({
  allOf: [permissions.print, readersOf(permissions)],
});

/** The exam option lists' (the form's choices) own permissions: read and edit them on the options screen. */
export const EXAM_OPTION_PERMISSIONS: readonly PermissionName[] = ['show options', 'edit options'];

/**
 * Every permission about exams: each type's (`add spectacles`, the prism's squint family too) and the option
 * lists'. The role screen lists them under "exams", so a new type's permissions go there with it.
 */
export const EXAM_AREA_PERMISSIONS: readonly PermissionName[] = [
  ...new Set([
    ...EXAM_TYPES.flatMap((type) => Object.values(EXAM_PERMISSIONS[type]).flat()),
    ...EXAM_OPTION_PERMISSIONS,
  ]),
];

/** Whoever may read some exam record, or the board that lists them. */
export const READ_EXAMS: readonly PermissionName[] = [
  ...new Set([
    ...EXAM_TYPES.flatMap((type) => readersOf(EXAM_PERMISSIONS[type])),
    'open board',
    'show board',
  ] as PermissionName[]),
];
