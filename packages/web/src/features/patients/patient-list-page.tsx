import type { ReactNode } from 'react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Group, Indicator, Kbd, Modal, SegmentedControl, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useNavigate, useParams } from 'react-router';
import { PHYSICAL } from '../../lib/hotkeys.ts';
import { PATIENTS_PER_PAGE, type Patient } from '@basira/shared/patients/patients.schemas';
import { IconFilter, IconPlus, IconQueue } from '../../components/icons.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { PatientDocuments } from '../../components/patient-documents.tsx';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { useFocusAfterPaint } from '../../lib/use-focus-after-paint.ts';
import { useMe } from '../../lib/use-me.ts';
import { pageOf, useSearchParamsUpdate } from '../../lib/use-search-params-update.ts';
import { activeFilterCount, PatientFiltersPanel } from './patient-filters.tsx';
import {
  effectiveSearch,
  filtersFromParams,
  FILTER_KEYS,
  patientListQuery,
  showsDeleted,
  type FilterValues,
} from './patient-list-query.ts';
import { PatientFormModal } from './patient-form-modal.tsx';
import { PatientMergeModal } from './patient-merge-modal.tsx';
import { PatientRow } from './patient-row.tsx';
import { deletedPatientsQuery } from './patients.queries.ts';
import { sexOf } from '../../lib/grammar.ts';

type Editing = { patient: Patient | null; name?: string } | null;

/** /patients/:search? — find, filter and keep the clinic's patients. */
export interface PatientListPageProps {
  /** Another feature's action for a row (the book's "Book", composed in app/). */
  rowExtra?: ((patient: Patient) => ReactNode) | undefined;
}

export function PatientListPage({ rowExtra }: PatientListPageProps = {}) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const routeSearch = useParams().search ?? '';
  const [params, updateParams] = useSearchParamsUpdate();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [documentsOf, setDocumentsOf] = useState<Patient | null>(null);
  const [merging, setMerging] = useState<Patient | null>(null);
  // The record just saved, and whether it was new ("registered") or an edit ("saved").
  const [justSaved, setJustSaved] = useState<{ patient: Patient; created: boolean } | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useFocusAfterPaint(searchRef);
  const permissions = me?.permissions;
  const isAdmin = can(permissions, 'Administrator');
  const showDeleted = showsDeleted(permissions, params);
  const page = pageOf(params);
  const filters = filtersFromParams(params);
  const search = effectiveSearch(routeSearch);

  const list = useQuery({ ...patientListQuery(routeSearch, params), enabled: !showDeleted });
  const deleted = useQuery({ ...deletedPatientsQuery(page), enabled: showDeleted });
  const current = showDeleted ? deleted : list;

  // Typing narrows the list as it goes (the box commits once typing pauses); the text lives in the address.
  const commitSearch = (typed: string) => {
    const next = typed.trim();
    updateParams(
      (latest) => {
        latest.delete('page');
      },
      { replace: true, pathname: next ? pathTo('patientIndex', { search: next }) : pathTo('patientIndex') },
    );
  };

  // ?new=1&name=… (from the queue's search): open the form at once with that name.
  useEffect(() => {
    if (params.get('new') !== '1' || !can(permissions, 'add patient')) return;
    setEditing({ patient: null, name: params.get('name') ?? '' });
  }, []);

  // Also from the search box, where the receptionist's cursor is.
  useHotkeys(
    [['alt+N', () => can(permissions, 'add patient') && setEditing({ patient: null }), PHYSICAL]],
    [],
  );

  /** The form was opened from elsewhere (?new=1&name=…&from=queue): those parameters are spent. */
  const closeForm = () => {
    setEditing(null);
    if (params.has('new'))
      updateParams(
        (latest) => {
          for (const key of ['new', 'name', 'from']) latest.delete(key);
        },
        { replace: true },
      );
  };

  const setFilters = (next: FilterValues) =>
    updateParams(
      (latest) => {
        for (const key of FILTER_KEYS) latest.delete(key);
        latest.delete('page');
        for (const key of FILTER_KEYS) if (next[key] !== undefined) latest.set(key, String(next[key]));
      },
      { replace: true },
    );
  const setPage = (next: number) =>
    updateParams((latest) => {
      latest.set('page', String(next));
    });

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      tableRef.current?.querySelector<HTMLElement>('[data-row-primary]')?.focus();
    }
  };

  const afterSave = (saved: Patient) => {
    const created = editing?.patient === null;
    const fromQueue = params.get('from') === 'queue';
    closeForm();
    if (fromQueue && can(permissions, 'add queue')) {
      void navigate(`${pathTo('queueAdd')}?patientId=${saved.id}`);
      return;
    }
    setJustSaved({ patient: saved, created });
  };

  const meta = current.data?.meta;
  const rows = current.data?.data ?? [];
  const filterCount = activeFilterCount(filters);
  return (
    <>
      <ListPage
        frame={{
          title: t('patients.title'),
          actions: (
            <>
              {isAdmin && (
                <SegmentedControl
                  size="xs"
                  value={showDeleted ? 'deleted' : 'active'}
                  onChange={(value) =>
                    updateParams(() => new URLSearchParams(value === 'deleted' ? { view: 'deleted' } : {}))
                  }
                  data={[
                    { value: 'active', label: t('patients.active') },
                    { value: 'deleted', label: t('patients.deletedView') },
                  ]}
                  data-testid="patient-view"
                />
              )}
              {can(permissions, 'add patient') && (
                <Button
                  leftSection={<IconPlus />}
                  rightSection={<Kbd size="xs">Alt+N</Kbd>}
                  onClick={() => setEditing({ patient: null })}
                  data-testid="patient-add"
                >
                  {t('patients.add')}
                </Button>
              )}
            </>
          ),
        }}
        rows={current.data && rows}
        loading={current.isPending && !current.error}
        error={current.error}
        failureFallback={pathTo('userPortal')}
        search={
          showDeleted
            ? undefined
            : {
                label: t('patients.search'),
                description: t('patients.searchHint'),
                value: routeSearch,
                onChange: commitSearch,
                commitAfterMs: 250,
                inputProps: { ref: searchRef, onKeyDown: onSearchKey, autoComplete: 'off' },
                aside: (
                  <Indicator label={filterCount} size={16} disabled={filterCount === 0}>
                    <Button
                      variant={filtersOpen ? 'light' : 'default'}
                      leftSection={<IconFilter size={16} />}
                      onClick={() => setFiltersOpen((open) => !open)}
                      aria-expanded={filtersOpen}
                      data-testid="patient-filters-toggle"
                    >
                      {t('patients.filters.title')}
                    </Button>
                  </Indicator>
                ),
              }
        }
        filters={
          !showDeleted &&
          (filtersOpen || filterCount > 0) && <PatientFiltersPanel filters={filters} onChange={setFilters} />
        }
        notice={
          justSaved && (
            <Alert
              color="green"
              withCloseButton
              closeButtonLabel={t('common.close')}
              onClose={() => setJustSaved(null)}
              data-testid="patient-saved"
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  {t(justSaved.created ? 'patients.savedLine' : 'patients.editedLine', {
                    name: justSaved.patient.name,
                    number: justSaved.patient.fileNumber,
                    context: sexOf(justSaved.patient),
                  })}
                </Text>
                {can(permissions, 'add queue') && (
                  <Button
                    size="xs"
                    component={Link}
                    to={`${pathTo('queueAdd')}?patientId=${justSaved.patient.id}`}
                    leftSection={<IconQueue size={14} />}
                  >
                    {t('patients.toQueue')}
                  </Button>
                )}
              </Group>
            </Alert>
          )
        }
        count={
          meta &&
          (meta.totalIsLowerBound
            ? t('patients.countAtLeast', { count: meta.total })
            : t('patients.count', { count: meta.total }))
        }
        countNote={
          meta?.nearMatchesOf && (
            <Text size="sm" c="orange.9" data-testid="patient-near-matches">
              {t('patients.nearMatches', { near: meta.nearMatchesOf })}
            </Text>
          )
        }
        empty={
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{showDeleted ? t('patients.noDeleted') : t('patients.empty')}</Text>
            {!showDeleted && search && can(permissions, 'add patient') && (
              <Button size="xs" variant="light" onClick={() => setEditing({ patient: null, name: search })}>
                {t('patients.registerAs', { name: search })}
              </Button>
            )}
          </Group>
        }
        name="patient"
        minWidth={860}
        columns={[
          t('patients.fileNumber'),
          t('patients.name'),
          t('patients.age'),
          t('patients.sex'),
          t('patients.phone'),
          t('patients.lastVisit'),
        ]}
        table={{ tableRef, striped: true }}
        renderRow={(patient) => (
          <PatientRow
            key={patient.id}
            patient={patient}
            deletedView={showDeleted}
            permissions={permissions}
            onEdit={() => setEditing({ patient })}
            onDocuments={() => setDocumentsOf(patient)}
            onMerge={() => setMerging(patient)}
            extra={rowExtra?.(patient)}
          />
        )}
        footnote={
          meta &&
          meta.total > PATIENTS_PER_PAGE && (
            <Text size="xs" c="dimmed">
              {t('patients.pageOf', { page, last: meta.lastPage })}
            </Text>
          )
        }
        pagination={meta && { lastPage: meta.lastPage, page, onChange: setPage }}
      />
      <PatientFormModal
        opened={editing !== null}
        patient={editing?.patient ?? null}
        initialName={editing?.name}
        onClose={() => {
          closeForm();
          searchRef.current?.focus();
        }}
        onSaved={afterSave}
        onPickExisting={(id) => {
          closeForm();
          if (can(permissions, 'add queue')) void navigate(`${pathTo('queueAdd')}?patientId=${id}`);
        }}
      />
      <Modal
        opened={documentsOf !== null}
        onClose={() => setDocumentsOf(null)}
        title={documentsOf ? t('documents.titleOf', { name: documentsOf.name }) : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {documentsOf && (
          <PatientDocuments patientId={documentsOf.id} canEdit={can(permissions, 'edit patient')} />
        )}
      </Modal>
      <PatientMergeModal patient={merging} onClose={() => setMerging(null)} />
    </>
  );
}
