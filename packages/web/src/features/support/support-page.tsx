import { useState } from 'react';
import { Button, Group, Select, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useLocation, useParams } from 'react-router';
import {
  SUPPORT_DESK,
  SUPPORT_STATUS_FILTERS,
  SUPPORT_TYPES,
  type SupportRequest,
  type SupportStatusFilter,
  type SupportType,
} from '@basira/shared/support/support.schemas';
import { ListPage } from '../../components/list-page.tsx';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { useMe } from '../../lib/use-me.ts';
import { pageOf, useSearchParamsUpdate } from '../../lib/use-search-params-update.ts';
import { SupportStatusBadge, SupportTypeBadge } from './support-badges.tsx';
import { SupportRequestCard } from './support-request-card.tsx';
import { notificationTargetQuery, supportListQuery } from './support.queries.ts';

type Scope = 'bugs' | 'all' | 'active';

const SCOPE_ROUTES = { bugs: 'allBugs', all: 'allSupport', active: 'activeIndex' } as const;
const SCOPES: readonly Scope[] = ['bugs', 'all', 'active'];
/** The status filter's "any" (no filter); the active screen starts on `active` (open or in progress). */
const ANY = 'any';

/** allBugs (`/support/bugs/:notificationId?`): the bug reports. */
export function SupportBugsPage() {
  return <Keyed scope="bugs" />;
}
/** allSupport (`/support/all/:notificationId?`): every request. */
export function SupportAllPage() {
  return <Keyed scope="all" />;
}
/** activeIndex (`/support/active/:notificationId?`): the requests not done yet. */
export function SupportActivePage() {
  return <Keyed scope="active" />;
}

/** A new notification opened on the same screen starts it afresh (its own request opened). */
function Keyed({ scope }: { scope: Scope }) {
  const { notificationId } = useParams();
  return <SupportDesk key={notificationId ?? ''} scope={scope} />;
}

const idOf = (text: string | undefined) => (text && /^\d{1,10}$/.test(text) ? Number(text) : undefined);

/** The notification list hands over the request it is about (notifications/notification-target.ts). */
function stateTarget(state: unknown): number | null | undefined {
  if (typeof state !== 'object' || state === null || !('targetId' in state)) return undefined;
  const { targetId } = state as { targetId: unknown };
  return typeof targetId === 'number' ? targetId : null;
}

function isType(value: string | null): value is SupportType {
  return (SUPPORT_TYPES as readonly (string | null)[]).includes(value);
}
function isStatus(value: string | null): value is SupportStatusFilter {
  return (SUPPORT_STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

/**
 * The support desk's lists (the notifications' targets, spec section 4): filters by type and status, status
 * badges, and the request a notification is about opened above the list and highlighted in it. The desk
 * (`show support`) sees every request and answers them; anyone else sees what they reported.
 */
function SupportDesk({ scope }: { scope: Scope }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const me = useMe();
  const isDesk = can(me?.permissions, SUPPORT_DESK);
  const location = useLocation();
  const notificationId = idOf(useParams().notificationId);
  const [params, updateParams] = useSearchParamsUpdate();

  const page = pageOf(params);
  const typeParam = params.get('type');
  const type: SupportType | undefined = scope === 'bugs' ? 'bug' : isType(typeParam) ? typeParam : undefined;
  const statusParam = params.get('status');
  const status: SupportStatusFilter | typeof ANY = isStatus(statusParam)
    ? statusParam
    : statusParam === ANY || scope !== 'active'
      ? ANY
      : 'active';
  const list = useQuery(supportListQuery({ page, type, status: status === ANY ? undefined : status }));

  const handed = stateTarget(location.state);
  const lookedUp = useQuery({
    ...notificationTargetQuery(notificationId ?? 0),
    enabled: notificationId !== undefined && handed === undefined,
  });
  const targetId = handed !== undefined ? handed : lookedUp.data;
  // undefined: the notification's request (if any); null: closed.
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const openId = chosen === undefined ? (targetId ?? null) : chosen;

  const setFilter = (key: 'type' | 'status', value: string | null) =>
    updateParams(
      (next) => {
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
      },
      { replace: true },
    );

  const meta = list.data?.meta;
  return (
    <ListPage
      frame={{
        title: t(`support.titles.${scope}`),
        actions: (
          <Group gap={4} wrap="wrap" component="nav" aria-label={t('support.screens')}>
            {SCOPES.map((other) => (
              <Button
                key={other}
                component={Link}
                to={pathTo(SCOPE_ROUTES[other])}
                variant={other === scope ? 'light' : 'subtle'}
                aria-current={other === scope ? 'page' : undefined}
                size="compact-md"
                data-testid={`support-scope-${other}`}
              >
                {t(`support.scopes.${other}`)}
              </Button>
            ))}
          </Group>
        ),
      }}
      rows={list.data?.data}
      loading={list.isPending && !list.error}
      error={list.error}
      failureFallback={pathTo('userPortal')}
      pagination={
        meta && {
          lastPage: meta.lastPage,
          page,
          onChange: (next) =>
            updateParams((latest) => {
              latest.set('page', String(next));
            }),
        }
      }
      intro={
        <>
          {!isDesk && (
            <Text size="sm" c="dimmed">
              {t('support.ownOnly')}
            </Text>
          )}
          {openId !== null && (
            <SupportRequestCard id={openId} canAnswer={isDesk} onClose={() => setChosen(null)} />
          )}
        </>
      }
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          {scope !== 'bugs' && (
            <Select
              label={t('support.typeFilter')}
              data={[
                { value: ANY, label: t('support.anyType') },
                ...SUPPORT_TYPES.map((value) => ({ value, label: t(`support.types.${value}`) })),
              ]}
              value={type ?? ANY}
              onChange={(value) => setFilter('type', value === ANY ? null : value)}
              allowDeselect={false}
              w={200}
              data-testid="support-type-filter"
            />
          )}
          <Select
            label={t('support.statusFilter')}
            data={[
              { value: ANY, label: t('support.anyStatus') },
              ...SUPPORT_STATUS_FILTERS.map((value) => ({ value, label: t(`support.status.${value}`) })),
            ]}
            value={status}
            onChange={(value) =>
              setFilter('status', value === (scope === 'active' ? 'active' : ANY) ? null : value)
            }
            allowDeselect={false}
            w={220}
            data-testid="support-status-filter"
          />
        </Group>
      }
      count={meta && t('support.count', { count: meta.total })}
      empty={t('support.empty')}
      name="support"
      minWidth={720}
      columns={[
        t('support.columns.type'),
        t('support.columns.details'),
        t('support.columns.reporter'),
        t('support.columns.status'),
        t('support.columns.date'),
      ]}
      renderRow={(request) => (
        <SupportRow
          key={request.id}
          request={request}
          selected={request.id === openId}
          onOpen={() => setChosen(request.id)}
          when={format.dateTime(request.createdAt)}
        />
      )}
    />
  );
}

function SupportRow({
  request,
  selected,
  onOpen,
  when,
}: {
  request: SupportRequest;
  selected: boolean;
  onOpen: () => void;
  when: string;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr
      onClick={onOpen}
      style={{ cursor: 'pointer' }}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      aria-current={selected ? 'true' : undefined}
      data-testid="support-row"
      data-request-id={request.id}
      data-selected={selected}
    >
      <Table.Td>
        <SupportTypeBadge type={request.type} miw="max-content" />
      </Table.Td>
      <Table.Td maw={420}>
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {request.details}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {request.reporter?.name ?? t('support.formerUser')}
      </Table.Td>
      <Table.Td>
        <SupportStatusBadge status={request.status} miw="max-content" />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when}</Table.Td>
      <Table.Td>
        <Button
          size="compact-xs"
          variant="light"
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
          aria-label={t('support.openRequest', { id: request.id })}
          data-testid="support-open"
        >
          {t('common.show')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
