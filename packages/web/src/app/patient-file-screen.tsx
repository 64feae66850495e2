import { PatientFilePage, type PatientFileSections } from '../features/patients/patient-file-page.tsx';
import { AccountSection } from '../features/billing-desk/account-section.tsx';
import { PatientAppointmentsCard } from '../features/appointments/patient-appointments-card.tsx';

/** The patient's bookings ahead with "Book", right after the open visits (docs/appointments.md). */
const upcoming: PatientFileSections = (patient) => <PatientAppointmentsCard patient={patient} />;

/** The billing desk's account (docs/money.md). */
const sections: PatientFileSections = (patient, permissions) => (
  <AccountSection patient={patient} permissions={permissions} />
);

/** /patient/:patientId: the patient's file with the sections of other features (composed here). */
export function PatientFileScreen() {
  return <PatientFilePage sections={sections} upcoming={upcoming} />;
}
