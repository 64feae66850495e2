import { Anchor, type AnchorProps } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link } from 'react-router';
import { pathTo } from '../lib/routes.ts';

/** A patient's name wherever it is listed: it opens the patient's file, which moves no status. */
export function PatientNameLink({
  patient,
  onClick,
  'data-testid': testId,
  ...rest
}: {
  patient: { id: number; name: string };
  onClick?: () => void;
  'data-testid'?: string;
} & AnchorProps) {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to={pathTo('patientFile', { patientId: patient.id })}
      title={t('patientFile.open', { name: patient.name })}
      c="inherit"
      underline="hover"
      onClick={onClick}
      data-testid={testId}
      {...rest}
    >
      {patient.name}
    </Anchor>
  );
}
