import type { PermissionName } from '@basira/shared/permissions/permissions';
import type { RouteName } from '../../lib/routes.ts';

/** Where each exam type is added and updated (spec section 2), with the permissions of those routes. */
export interface ExamLinks {
  key: string;
  add: RouteName;
  update: RouteName;
  addPermission: PermissionName;
}

const LINKS: ExamLinks[] = [
  { key: 'spectacles', add: 'spectaclesAdd', update: 'spectaclesUpdate', addPermission: 'add spectacles' },
  { key: 'prism', add: 'prismAdd', update: 'prismUpdate', addPermission: 'add prism' },
  { key: 'lasik', add: 'lasikAdd', update: 'lasikUpdate', addPermission: 'add lasik' },
  { key: 'followUp', add: 'followUpAdd', update: 'followUpUpdate', addPermission: 'add follow up' },
  { key: 'biometry', add: 'biometryAdd', update: 'biometryUpdate', addPermission: 'add biometry' },
  {
    key: 'keratoconus',
    add: 'keratoconusAdd',
    update: 'keratoconusUpdate',
    addPermission: 'add keratoconus',
  },
  { key: 'retina', add: 'retinaAdd', update: 'retinaUpdate', addPermission: 'add retina' },
  { key: 'lowVision', add: 'lowVisionAdd', update: 'lowVisionUpdate', addPermission: 'add low vision' },
  { key: 'outer', add: 'outerAdd', update: 'outerUpdate', addPermission: 'add outer' },
];

const squash = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
const BY_KEY = new Map(LINKS.map((link) => [squash(link.key), link]));
// Squint records are the prism screens' (the spec's squint categories live there).
BY_KEY.set('squint', BY_KEY.get('prism')!);

/** The exam type the server names (`spectacles`, `follow_up`, `lowVision`…) → its screens, if known. */
export function examLinks(type: string): ExamLinks | undefined {
  return BY_KEY.get(squash(type));
}

export const EXAM_TYPES: readonly ExamLinks[] = LINKS;
