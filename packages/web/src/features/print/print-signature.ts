import type { PrintSetting } from '@basira/shared/print/print-settings.schemas';
import type { PrintRecorder } from '@basira/shared/print/printing.schemas';

/** The two signature blocks a sheet may carry: the optometrist's and the specialist's (the doctor's). */
export type SignatureRole = 'optometrist' | 'specialist';
export interface SignatureBlock {
  role: SignatureRole;
  name: string;
}

/**
 * Who signs a patient's sheet: the clinician who recorded it, in the block of what they are (a doctor signs as the
 * specialist, anyone else as the optometrist), and no one else: the print setting's specialist does not sign Dr.
 * Sara's prescription. The setting's names are only the defaults of a record that names nobody (its author's account
 * gone, a record older than authors): a doctor's document (the prescription, a letter) then has the specialist's
 * block alone, any other record both, as before, since either may have recorded it.
 */
export function signatureBlocks(
  recordedBy: PrintRecorder | null,
  setting: Pick<PrintSetting, 'optometrist' | 'specialist'> | null,
  doctorsDocument: boolean,
): SignatureBlock[] {
  if (recordedBy)
    return [{ role: recordedBy.isDoctor ? 'specialist' : 'optometrist', name: recordedBy.name }];
  const specialist: SignatureBlock = { role: 'specialist', name: setting?.specialist ?? '' };
  if (doctorsDocument) return [specialist];
  return [{ role: 'optometrist', name: setting?.optometrist ?? '' }, specialist];
}
