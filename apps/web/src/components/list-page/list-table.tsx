import type { ListResult } from '@dental/contract';
import { Table, type TableColumnsType } from 'antd';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state';
import type { useListParams } from './use-list-params';

interface ListTableProps<T> {
  columns: TableColumnsType<T>;
  /** The list call's query (useCall) for the current list params. */
  query: { data?: ListResult<T>; isLoading: boolean; isFetching: boolean };
  list: Pick<ReturnType<typeof useListParams<string>>, 'params' | 'pagination' | 'onTableChange'>;
  /** What an empty list says when no search is typed (with a search: "nothing matches"). */
  emptyText: string;
  rowKey?: keyof T & string;
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

/** The table of a server-side list: rows, server paging with the total, sorting, loading and empty states. */
export function ListTable<T extends object>({ columns, query, list, emptyText, rowKey = 'id' as keyof T & string }: ListTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey={rowKey}
      columns={stickyActions(columns)}
      dataSource={query.data?.items}
      loading={query.isFetching}
      pagination={list.pagination(query.data?.total ?? 0, (n) => t('crud.total', { count: n }))}
      onChange={list.onTableChange}
      locale={{ emptyText: query.isLoading ? ' ' : <EmptyState description={list.params.search ? t('crud.noMatches') : emptyText} /> }}
      scroll={{ x: 'max-content' }}
    />
  );
}
