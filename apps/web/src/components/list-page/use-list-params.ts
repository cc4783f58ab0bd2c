import { LIMITS, SORT_ORDERS } from '@dental/contract';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useState } from 'react';

type SortOrder = (typeof SORT_ORDERS)[number];

export interface ListParams<S extends string> {
  search?: string;
  sortField?: S;
  sortOrder?: SortOrder;
  page: number;
  pageSize: number;
}

/** The value after it has stopped changing for `ms` (search debounce of spec §9). */
export function useDebounced<T>(value: T, ms = LIMITS.searchDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Search, sort and paging state of a server-side list, ready to pass to a list call and to an antd Table.
 * A new search or sort goes back to the first page.
 */
export function useListParams<S extends string>(defaults: { sortField?: S; sortOrder?: SortOrder } = {}) {
  const [search, setSearchText] = useState('');
  const [sort, setSort] = useState<{ field?: S; order?: SortOrder }>({
    field: defaults.sortField,
    order: defaults.sortOrder,
  });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LIMITS.pageSize);
  const debounced = useDebounced(search.trim());
  useEffect(() => setPage(1), [debounced]);

  const params: ListParams<S> = {
    search: debounced || undefined,
    sortField: sort.order ? sort.field : undefined,
    sortOrder: sort.order,
    page,
    pageSize,
  };

  /** For Table's onChange: typed loosely so it fits a table of any row type. */
  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: unknown) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<unknown> | undefined;
    const field = (s?.columnKey ?? s?.field) as S | undefined;
    const order = s?.order ?? undefined;
    if (field !== sort.field || order !== sort.order) {
      setSort({ field, order });
      setPage(1);
    } else {
      setPage(pagination.current ?? 1);
    }
    if (pagination.pageSize && pagination.pageSize !== pageSize) {
      setPageSize(pagination.pageSize);
      setPage(1);
    }
  };

  /** antd pagination for a total; shows the count of rows. */
  const pagination = (total: number, showTotal: (total: number) => string): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [LIMITS.tablePageSize, 10, LIMITS.pageSize, 50, 100],
    showTotal,
    hideOnSinglePage: false,
  });

  /** The column's current sort order, so the header arrow follows the state. */
  const sortOrderOf = (field: S) => (sort.field === field ? (sort.order ?? null) : null);

  /** Back to the first page (when a filter outside the table changes). */
  const firstPage = () => setPage(1);

  return { params, search, setSearch: setSearchText, onTableChange, pagination, sortOrderOf, firstPage };
}
