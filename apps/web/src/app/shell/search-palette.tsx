import { LockOutlined, SearchOutlined, UserOutlined, WarningOutlined } from '@ant-design/icons';
import { type ActiveUser, type PatientPickerItem, patientsCalls } from '@dental/contract';
import { Input, type InputRef, Modal, Spin, Typography } from 'antd';
import { type KeyboardEvent, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from 'components/empty-state';
import { useDebounced } from 'components/list-page/use-list-params';
import { useLanguagesLoaded } from 'lib/i18n';
import { userCan } from 'lib/permissions';
import { useCall } from 'lib/query';
import { routeHref } from '../route-table';
import { LazyMobileText, loadMobileText } from './lazy-mobile-text';
import { RouteIcon } from './menu-icons';
import { patientFileHref, patientGroupState, patientSearchText } from './palette-patients';
import { type PaletteEntry, paletteEntries, searchPalette } from './palette-search';
import { setPaletteOpen, usePaletteOpen } from './palette-state';
import { TierTag } from './tier-tag';

/** Pages are found by their Arabic and English names whatever the UI language (loaded when the palette opens). */
const SEARCH_LANGUAGES = ['ar', 'en'] as const;
const NO_LANGUAGES = [] as const;

type PaletteChoice = { kind: 'page'; entry: PaletteEntry } | { kind: 'patient'; patient: PatientPickerItem };

/**
 * Ctrl+K search over the menu, by Arabic and English labels, 4 results per group; with patient_list, a Patients
 * group under the pages from the patients' quick search (3 characters, debounced; a newer text replaces the query,
 * whose request is aborted). Arrows move across both groups, Enter opens.
 */
export function SearchPalette({ user }: { user: ActiveUser }) {
  const { t, i18n } = useTranslation(['common', 'menu', 'routes']);
  const navigate = useNavigate();
  const open = usePaletteOpen();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<InputRef>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const entries = useMemo(() => paletteEntries(user), [user]);
  const searchReady = useLanguagesLoaded(open ? SEARCH_LANGUAGES : NO_LANGUAGES);
  const labels = useMemo(
    () => [...SEARCH_LANGUAGES, i18n.language].map((lng) => i18n.getFixedT(lng, 'routes') as (key: string) => string),
    // searchReady: the Arabic and English names have just arrived
    [i18n, i18n.language, searchReady],
  );
  const groups = useMemo(
    () => (searchReady ? searchPalette(query, entries, labels) : []),
    [query, entries, labels, searchReady],
  );

  const canList = userCan(user, 'patient_list');
  const wanted = patientSearchText(query, canList);
  const settled = useDebounced(query.trim());
  const asked = patientSearchText(settled, canList);
  const found = useCall(
    patientsCalls.searchByName,
    { search: asked ?? '' },
    { enabled: open && asked !== null, silent: true, retry: false, staleTime: 30_000 },
  );
  // the mobiles' format is on its way while the user types (the browser fetches the chunk once)
  useEffect(() => {
    if (open && canList) void loadMobileText().catch(() => undefined);
  }, [open, canList]);
  const patients = useMemo(
    () => patientGroupState(wanted, asked, found.data, found.isError),
    [wanted, asked, found.data, found.isError],
  );

  const flat = useMemo<PaletteChoice[]>(
    () => [
      ...groups.flatMap((g) => g.items.map((entry) => ({ kind: 'page' as const, entry }))),
      ...(patients.kind === 'found' ? patients.items.map((patient) => ({ kind: 'patient' as const, patient })) : []),
    ],
    [groups, patients],
  );

  useEffect(() => setActive(0), [query]);
  useEffect(() => setActive((i) => (i < flat.length ? i : 0)), [flat.length]);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const close = () => setPaletteOpen(false);
  const choose = (choice: PaletteChoice) => {
    close();
    navigate(choice.kind === 'page' ? routeHref(choice.entry.route.path) : patientFileHref(choice.patient.id));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!flat.length) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => (i + 1) % flat.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i - 1 + flat.length) % flat.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const choice = flat[active];
      if (choice) choose(choice);
    }
  };

  let index = -1;
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      closable={false}
      width={560}
      className="search-palette"
      destroyOnHidden
      afterOpenChange={(visible) => (visible ? inputRef.current?.focus() : setQuery(''))}
      title={null}
    >
      <Input
        ref={inputRef}
        size="large"
        variant="borderless"
        prefix={<SearchOutlined />}
        placeholder={t(canList ? 'palette.placeholderPatients' : 'palette.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        aria-label={t(canList ? 'palette.placeholderPatients' : 'palette.placeholder')}
        aria-controls="search-palette-results"
        allowClear
      />
      <div className="search-palette-results" id="search-palette-results" role="listbox" ref={listRef} data-settled={settled}>
        {!searchReady && (
          <div className="search-palette-status" role="status" aria-busy>
            <Spin size="small" />
          </div>
        )}
        {searchReady && groups.length === 0 && patients.kind === 'hidden' && (
          <EmptyState compact description={t('palette.noResults')} />
        )}
        {groups.map((g) => (
          <div key={g.group} role="group" aria-label={t(g.group, { ns: 'menu' })}>
            <Typography.Text type="secondary" className="search-palette-group">
              {t(g.group, { ns: 'menu' })}
            </Typography.Text>
            {g.items.map((entry) => {
              index += 1;
              const i = index;
              return (
                <div
                  key={entry.route.path}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'search-palette-item active' : 'search-palette-item'}
                  onMouseMove={() => setActive(i)}
                  onClick={() => choose({ kind: 'page', entry })}
                >
                  <RouteIcon name={entry.route.icon} />
                  <span className="search-palette-label">{t(entry.route.name, { ns: 'routes' })}</span>
                  {entry.state === 'locked' && (
                    <>
                      <LockOutlined />
                      <TierTag tier={entry.route.tier} />
                    </>
                  )}
                </div>
              );
            })}
          </div>
        ))}
        {patients.kind !== 'hidden' && (
          <div role="group" aria-label={t('palette.patients')} aria-busy={patients.kind === 'loading'}>
            <Typography.Text type="secondary" className="search-palette-group">
              {t('palette.patients')}
            </Typography.Text>
            {patients.kind === 'loading' && (
              <div className="search-palette-status" role="status">
                <Spin size="small" /> {t('palette.patientsLoading')}
              </div>
            )}
            {patients.kind === 'none' && (
              <Typography.Text type="secondary" className="search-palette-status" role="status">
                {t('palette.patientsNone')}
              </Typography.Text>
            )}
            {patients.kind === 'failed' && (
              <Typography.Text type="danger" className="search-palette-status" role="status">
                {t('palette.patientsFailed')}
              </Typography.Text>
            )}
            {patients.kind === 'found' &&
              patients.items.map((patient) => {
                index += 1;
                const i = index;
                return (
                  <div
                    key={patient.id}
                    role="option"
                    aria-selected={i === active}
                    className={i === active ? 'search-palette-item active' : 'search-palette-item'}
                    onMouseMove={() => setActive(i)}
                    onClick={() => choose({ kind: 'patient', patient })}
                  >
                    {patient.patientType === 'PT3' ? (
                      <WarningOutlined className="search-palette-warn" aria-label={t('palette.patientBlacklisted')} title={t('palette.patientBlacklisted')} />
                    ) : <UserOutlined />}
                    <bdi className="search-palette-label">{patient.name}</bdi>
                    <Typography.Text type="secondary" className="search-palette-meta">
                      <bdi dir="ltr">#{patient.code}</bdi>
                    </Typography.Text>
                    {patient.mobile && (
                      <Typography.Text type="secondary" className="search-palette-meta">
                        <Suspense fallback={null}>
                          <LazyMobileText value={patient.mobile} />
                        </Suspense>
                      </Typography.Text>
                    )}
                  </div>
                );
              })}
          </div>
        )}
      </div>
      <Typography.Text type="secondary" className="search-palette-hint">
        {t('palette.hint')}
      </Typography.Text>
    </Modal>
  );
}
