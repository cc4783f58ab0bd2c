import { LockOutlined, SearchOutlined } from '@ant-design/icons';
import type { ActiveUser } from '@dental/contract';
import { Input, type InputRef, Modal, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from 'components/empty-state';
import { routeHref } from '../route-table';
import { RouteIcon } from './menu-icons';
import { type PaletteEntry, paletteEntries, searchPalette } from './palette-search';
import { setPaletteOpen, usePaletteOpen } from './palette-state';
import { TierTag } from './tier-tag';

/** Ctrl+K search over the menu, by Arabic and English labels, 4 results per group; arrows + Enter. */
export function SearchPalette({ user }: { user: ActiveUser }) {
  const { t, i18n } = useTranslation(['common', 'menu', 'routes']);
  const navigate = useNavigate();
  const open = usePaletteOpen();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<InputRef>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const entries = useMemo(() => paletteEntries(user), [user]);
  const labels = useMemo(
    () => ['ar', 'en', i18n.language].map((lng) => i18n.getFixedT(lng, 'routes') as (key: string) => string),
    [i18n, i18n.language],
  );
  const groups = useMemo(() => searchPalette(query, entries, labels), [query, entries, labels]);
  const flat = useMemo(() => groups.flatMap((g) => g.items), [groups]);

  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const close = () => setPaletteOpen(false);
  const choose = (entry: PaletteEntry) => {
    close();
    navigate(routeHref(entry.route.path));
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
      const entry = flat[active];
      if (entry) choose(entry);
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
        placeholder={t('palette.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        aria-label={t('palette.placeholder')}
        aria-controls="search-palette-results"
        allowClear
      />
      <div className="search-palette-results" id="search-palette-results" role="listbox" ref={listRef}>
        {groups.length === 0 && <EmptyState compact description={t('palette.noResults')} />}
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
                  onClick={() => choose(entry)}
                >
                  <RouteIcon name={entry.route.icon} />
                  <span className="search-palette-label">{t(entry.route.name, { ns: 'routes' })}</span>
                  {entry.state === 'locked' && <LockOutlined />}
                  <TierTag tier={entry.route.tier} />
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <Typography.Text type="secondary" className="search-palette-hint">
        {t('palette.hint')}
      </Typography.Text>
    </Modal>
  );
}
