import { PatientFilePage, type PatientFileSections } from '../features/patients/patient-file-page.tsx';
import { AccountSection } from '../features/billing-desk/account-section.tsx';

/** The billing desk's account in the patient's file (docs/money.md). */
const sections: PatientFileSections = (patient, permissions) => (
  <AccountSection patient={patient} permissions={permissions} />
);

/** /patient/:patientId: the patient's file with the sections of other features (composed here). */
export function PatientFileScreen() {
  return <PatientFilePage sections={sections} />;
}
