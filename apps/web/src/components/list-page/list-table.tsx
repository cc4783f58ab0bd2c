import type { ListResult } from '@dental/contract';
import { Grid, Table, type TableColumnsType, type TableProps } from 'antd';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state';
import type { useListParams } from './use-list-params';

interface ListTableProps<T> {
  columns: TableColumnsType<T>;
  /** The list call's query (useCall) for the current list params; a failed read says why in place of the rows. */
  query: { data?: ListResult<T>; isLoading: boolean; isFetching: boolean; error?: Error | null };
  list: Pick<ReturnType<typeof useListParams<string>>, 'params' | 'pagination' | 'onTableChange'>;
  /** What an empty list says when no search is typed (with a search: "nothing matches"). */
  emptyText: string;
  rowKey?: keyof T & string;
  /** The columns a phone keeps (the others carry SMALL_UP or MEDIUM_UP) fit its width: see phoneLayout. */
  fitsPhone?: boolean;
}

/**
 * The actions column (key 'actions') stays in view at the reading end of the row (right in LTR, left in RTL) while
 * the other columns scroll sideways: on a laptop a wide list never hides its Edit and Delete buttons (issue 18).
 */
export const stickyActions = <T,>(columns: TableColumnsType<T>): TableColumnsType<T> =>
  columns.map((c) => (c.key === 'actions' ? { ...c, fixed: 'end' as const } : c));

/** A column's `responsive`: shown from a small tablet (576 px) up, or from a tablet (768 px) up; a phone keeps the key columns. */
export const SMALL_UP: Breakpoint[] = ['sm'];
export const MEDIUM_UP: Breakpoint[] = ['md'];
/** A column's `responsive`: only on a phone, where it gathers what the SMALL_UP columns show apart. */
export const PHONE_ONLY: Breakpoint[] = ['xs'];

/** Below 576 px wide: a phone. */
export const usePhone = (): boolean => !Grid.useBreakpoint().sm;

/**
 * A list table's layout (issue 18). On a phone it keeps the key columns as wide as the screen: small rows and no
 * sideways scroll, so long text wraps and the actions stay in reach in the row. From 576 px up the table scrolls
 * sideways under its actions column, fixed at the reading end (stickyActions).
 */
export const phoneLayout = <T,>(phone: boolean, columns: TableColumnsType<T>): Pick<TableProps<T>, 'columns' | 'size' | 'scroll'> =>
  phone ? { columns, size: 'small' } : { columns: stickyActions(columns), scroll: { x: 'max-content' } };

/** The table of a server-side list: rows, server paging with the total, sorting, loading and empty states. */
export function ListTable<T extends object>({ columns, query, list, emptyText, rowKey = 'id' as keyof T & string, fitsPhone = false }: ListTableProps<T>) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Table<T>
      rowKey={rowKey}
      {...phoneLayout(fitsPhone && phone, columns)}
      dataSource={query.data?.items}
      loading={query.isFetching}
      pagination={list.pagination(query.data?.total ?? 0, (n) => t('crud.total', { count: n }))}
      onChange={list.onTableChange}
      locale={{ emptyText: query.isLoading ? ' ' : <EmptyState description={query.error?.message ?? (list.params.search ? t('crud.noMatches') : emptyText)} /> }}
    />
  );
}
