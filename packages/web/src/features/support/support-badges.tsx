import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { SupportStatus, SupportType } from '@basira/shared/support/support.schemas';

/** Theme colours (text keeps AA contrast in light and dark): open blue, in progress orange, done green. */
const STATUS_COLORS: Record<SupportStatus, string> = { open: 'blue', in_progress: 'orange', done: 'green' };
const TYPE_COLORS: Record<SupportType, string> = { bug: 'red', feedback: 'cyan', feature: 'grape' };

type Props = Omit<BadgeProps, 'color'>;

export function SupportStatusBadge({ status, ...rest }: { status: SupportStatus } & Props) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      data-testid="support-status"
      data-status={status}
      {...rest}
    >
      {t(`support.status.${status}`)}
    </Badge>
  );
}

export function SupportTypeBadge({ type, ...rest }: { type: SupportType } & Props) {
  const { t } = useTranslation();
  return (
    <Badge color={TYPE_COLORS[type]} variant="outline" data-testid="support-type" data-type={type} {...rest}>
      {t(`support.types.${type}`)}
    </Badge>
  );
}
