import { canAny } from '../lib/session-local.ts';
import { useMe } from '../lib/use-me.ts';
import { PatientListPage } from '../features/patients/patient-list-page.tsx';
import { BookAppointmentButton } from '../features/appointments/booking-dialog.tsx';

/** /patients: the list with the book's "Book" on each row for who may book (composed here: features stay apart). */
export function PatientListScreen() {
  const me = useMe();
  const canBook = canAny(me?.permissions, ['book appointments']);
  return (
    <PatientListPage
      rowExtra={
        canBook
          ? (patient) => <BookAppointmentButton patient={patient} size="compact-sm" variant="subtle" />
          : undefined
      }
    />
  );
}
