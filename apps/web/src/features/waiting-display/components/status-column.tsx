import { useTranslation } from 'react-i18next';
import type { DisplayGroupKey, DisplayItem } from '../display-groups';
import { AppointmentCard } from './appointment-card';

/** A column of the display: its title with the count, then the patients in it. */
export function StatusColumn({ group, items, timeZone }: { group: DisplayGroupKey; items: DisplayItem[]; timeZone: string }) {
  const { t } = useTranslation('waiting-display');
  const titleId = `wd-${group}`;
  return (
    <section className={`wd-column wd-column-${group}`} aria-labelledby={titleId} data-group={group}>
      <h2 className="wd-column-title" id={titleId}>
        <span>{t(`groups.${group}`)}</span>
        <span className="wd-column-count" aria-label={t('count', { count: items.length })}>
          {items.length}
        </span>
      </h2>
      {items.length ? (
        <ul className="wd-list">
          {items.map((item) => (
            <AppointmentCard key={item.id} item={item} timeZone={timeZone} />
          ))}
        </ul>
      ) : (
        <p className="wd-column-empty">{t('emptyColumn')}</p>
      )}
    </section>
  );
}
